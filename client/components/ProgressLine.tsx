import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/context';

/**
 * The thin line at the top of the page: runs on navigation, completes, turns red on error. Only a
 * running line is a progress bar to assistive technology: a finished or red one is decoration (the
 * error screen says what went wrong).
 */
export const ProgressLine = observer(function ProgressLine() {
  const { ui, env } = useStores();
  return (
    <div
      className={`progress-line progress-line--${ui.progress}`}
      role="progressbar"
      aria-label={env.t('progress.label')}
      aria-hidden={ui.progress !== 'start'}
      data-state={ui.progress}
    />
  );
});
