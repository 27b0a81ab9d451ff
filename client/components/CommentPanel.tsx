import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { COMMENT_MAX_LENGTH, type CommentItem } from '../../shared/entities';
import { relativeTime } from '../../shared/relativeTime';
import { MINI_PROGRAM_PAGES } from '../platform/miniProgramPages';
import { useMiniProgram } from '../platform/useMiniProgram';
import { cutComment } from '../stores/CommentsStore';
import { useStores } from '../stores/context';
import { AuthorLink } from './AuthorLink';

/** An article's comments: loaded after hydration, a form, replies, and more pages. */
export const CommentPanel = observer(function CommentPanel({ slug, initialCount }: { slug: string; initialCount: number }) {
  const stores = useStores();
  const { comments, env } = stores;
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<{ id: number; name: string } | null>(null);
  // Inside the mini program, commenting happens on its own page (docs/specification/content-and-commerce.md §2).
  const miniProgram = useMiniProgram();

  useEffect(() => {
    void comments.load(slug).catch(() => {});
  }, [comments, slug]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cut = cutComment(text);
    if (!cut) return;
    await stores.perform({ kind: 'comment', slug, text: cut, parent: replyTo?.id ?? null });
    setText('');
    setReplyTo(null);
  };

  const shown = comments.slug === slug ? comments.results : [];
  const startReply = (target: { id: number; name: string }) => (miniProgram ? void miniProgram.open(MINI_PROGRAM_PAGES.comment(slug)) : setReplyTo(target));
  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="comments__title">
        {env.t('comments.title', { count: comments.slug === slug ? comments.count : initialCount })}
      </h2>
      {miniProgram ? (
        <button
          type="button"
          className="button button--primary button--small comments__mini-program"
          onClick={() => void miniProgram.open(MINI_PROGRAM_PAGES.comment(slug))}
        >
          {env.t('comments.writeInMiniProgram')}
        </button>
      ) : (
        <form className="comments__form" onSubmit={(event) => void submit(event)}>
          {replyTo ? (
            <p className="comments__replying">
              {env.t('comments.replyingTo', { name: replyTo.name })}{' '}
              <button type="button" className="link-button" onClick={() => setReplyTo(null)}>
                {env.t('comments.cancelReply')}
              </button>
            </p>
          ) : null}
          <textarea
            name="comment"
            rows={3}
            value={text}
            placeholder={env.t('comments.placeholder')}
            onChange={(e) => setText(e.target.value)}
            aria-label={env.t('comments.placeholder')}
          />
          <p className="comments__count">
            {[...text.trim()].length} / {COMMENT_MAX_LENGTH}
          </p>
          <button type="submit" className="button button--primary button--small" disabled={!text.trim()}>
            {env.t('comments.submit')}
          </button>
        </form>
      )}
      {comments.slug === slug && shown.length === 0 ? <p className="comments__none">{env.t('comments.none')}</p> : null}
      <ol className="comments__list">
        {shown.map((comment) => (
          <li key={comment.id} className="comment">
            <CommentBody comment={comment} onReply={() => startReply({ id: comment.id, name: comment.author.username })} />
            {comment.replies.length > 0 ? (
              <ol className="comments__replies">
                {comment.replies.map((reply) => (
                  <li key={reply.id} className="comment comment--reply">
                    <CommentBody comment={reply} onReply={() => startReply({ id: comment.id, name: reply.author.username })} />
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
      {comments.slug === slug && comments.next ? (
        <button type="button" className="button button--small" disabled={comments.fetching} onClick={() => void comments.loadMore()}>
          {env.t('comments.more')}
        </button>
      ) : null}
    </section>
  );
});

const CommentBody = observer(function CommentBody({ comment, onReply }: { comment: CommentItem; onReply: () => void }) {
  const { env } = useStores();
  return (
    <>
      <p className="comment__meta">
        <AuthorLink author={comment.author} />
        <span aria-hidden="true"> · </span>
        <time dateTime={comment.created}>{relativeTime(Date.parse(comment.created), Date.now(), env.textLocale, env.timeZone, env.t('time.justNow'))}</time>
        <span aria-hidden="true"> · </span>
        <button type="button" className="link-button" onClick={onReply}>
          {env.t('comments.reply')}
        </button>
      </p>
      {/* Text, never HTML: React escapes it. */}
      <p className="comment__text">{comment.text}</p>
    </>
  );
});
