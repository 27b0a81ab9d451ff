import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { BOOKLET_REVIEW_MAX_LENGTH, type BookletDetail } from '../../../shared/entities';
import { RATINGS_ANCHOR } from '../../components/BookletLinks';
import { useStores } from '../../stores/context';
import { AuthorLink } from '../../components/AuthorLink';
import { RelativeTime } from '../../components/RelativeTime';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The booklet's own comment panel (decision 007): its ratings with reviews, and the form
 * to rate it. Signed out, Rate opens sign-in and sends the rating afterwards.
 */
export const BookletRatings = observer(function BookletRatings({ booklet }: { booklet: BookletDetail }) {
  const stores = useStores();
  const { env, account } = stores;
  const store = stores.booklet;
  const [rating, setRating] = useState(booklet.my_rating?.rating ?? 0);
  const [review, setReview] = useState(booklet.my_rating?.review ?? '');
  const own = account.username === booklet.owner.username;
  const ratings = store.ratings;
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // After the layout's scroll to the top of a new page.
  useEffect(() => {
    if (hash !== `#${RATINGS_ANCHOR}`) return;
    const frame = requestAnimationFrame(() => section.current?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return;
    await stores.perform({ kind: 'rate-booklet', slug: booklet.slug, rating, review });
  };

  return (
    <section className="booklet-ratings" id={RATINGS_ANCHOR} ref={section} aria-labelledby="booklet-ratings-title">
      <h2 id="booklet-ratings-title" className="booklet-overview__subtitle">
        {env.t('ratings.title')}
      </h2>
      <p className="booklet-ratings__summary">
        {booklet.rating.average === null
          ? env.t('ratings.none')
          : env.t('ratings.summary', { average: booklet.rating.average.toFixed(1), count: booklet.rating.count })}
      </p>
      {own ? (
        <p className="booklet-ratings__own">{env.t('ratings.own')}</p>
      ) : (
        <form className="booklet-ratings__form" onSubmit={(event) => void submit(event)}>
          <fieldset className="booklet-ratings__stars">
            <legend>{env.t('ratings.choose')}</legend>
            {STARS.map((value) => (
              <label key={value} className={`booklet-ratings__star${value <= rating ? ' booklet-ratings__star--on' : ''}`}>
                <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} />
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{env.t('ratings.stars', { count: value })}</span>
              </label>
            ))}
          </fieldset>
          <label className="booklet-ratings__review">
            <span>{env.t('ratings.review')}</span>
            <textarea name="review" rows={3} maxLength={BOOKLET_REVIEW_MAX_LENGTH} value={review} onChange={(e) => setReview(e.target.value)} />
          </label>
          <button type="submit" className="button button--primary button--small" disabled={rating < 1 || store.rating.sending}>
            {booklet.my_rating ? env.t('ratings.update') : env.t('ratings.submit')}
          </button>
          {store.rating.error ? (
            <p className="booklet-ratings__error" role="alert">
              {store.rating.error}
            </p>
          ) : null}
          {store.rating.saved ? (
            <p className="booklet-ratings__saved" role="status">
              {env.t('ratings.saved')}
            </p>
          ) : null}
        </form>
      )}
      <ol className="booklet-ratings__list">
        {(ratings?.results ?? []).map((item) => (
          <li key={item.id} className="booklet-ratings__item">
            <p className="booklet-ratings__meta">
              <AuthorLink author={item.author} className="booklet-ratings__author" />
              <span className="booklet-ratings__value" role="img" aria-label={env.t('ratings.stars', { count: item.rating })}>
                {'★'.repeat(item.rating)}
                {'☆'.repeat(5 - item.rating)}
              </span>
              <RelativeTime at={item.modified} />
            </p>
            {item.review ? <p className="booklet-ratings__text">{item.review}</p> : null}
          </li>
        ))}
      </ol>
      {ratings?.next ? (
        <button type="button" className="button button--small" disabled={store.fetchingRatings} onClick={() => void store.moreRatings().catch(() => {})}>
          {env.t('ratings.more')}
        </button>
      ) : null}
    </section>
  );
});
