import { observer } from 'mobx-react-lite';
import type { BookletManagerStore } from './BookletManagerStore';

/** The booklets tab of the editor's navigation panel. */
export const BookletManager = observer(function BookletManager(props: { store: BookletManagerStore }) {
  void props.store;
  return <section className="booklet-manager" />;
});
