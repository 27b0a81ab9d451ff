import { observer } from 'mobx-react-lite';
import type { BookletManagerStore } from './BookletManagerStore';
import { TitleInput } from './TitleInput';

/** The title of a new directory, at the booklet's top (`parentId` null) or inside a directory. */
export const NewDirectoryInput = observer(function NewDirectoryInput({ store, parentId }: { store: BookletManagerStore; parentId: number | null }) {
  const { t } = store;
  return (
    <TitleInput
      label={t('directoryTitle')}
      initial={t('newDirectory')}
      saveLabel={t('save')}
      cancelLabel={t('cancel')}
      busy={store.busy}
      onSave={(title) => void store.addDirectory(parentId, title)}
      onCancel={() => store.stopEditing()}
    />
  );
});
