import { css } from 'lit'
import { SKELETON_SHIMMER_MS } from '../../config/constants.js'
import { ms } from './motion.js'

/**
 * Loading skeletons shaped like the content they stand for (issue 32). A `.skeleton` is a block
 * that shimmers from surface to surface-hover (not under prefers-reduced-motion). A
 * `.skeleton.line` holds a no-break space, so it is exactly one line of its own font tall (the line
 * it stands for, when it has the same font size): a skeleton row is as tall as a real row, and the
 * list does not jump when the data arrives; it shows a bar clipped inside that line. Skeletons go in
 * an aria-hidden container; the loading state is said once, by a `.visually-hidden` status text and
 * aria-busy on the list. On a surface (a tile), set `--w3m-skeleton-base` and `--w3m-skeleton-highlight`
 * one step up.
 */
export const skeletonStyles = css`
  .skeleton {
    display: block;
    border-radius: var(--w3m-radius-xs);
    background: linear-gradient(
        90deg,
        var(--w3m-skeleton-base, var(--w3m-color-surface)) 30%,
        var(--w3m-skeleton-highlight, var(--w3m-color-surface-hover)) 50%,
        var(--w3m-skeleton-base, var(--w3m-color-surface)) 70%
      )
      0 0 / 300% 100%;
    color: transparent;
    user-select: none;
    animation: w3m-shimmer ${ms(SKELETON_SHIMMER_MS)} linear infinite;
  }
  .skeleton.line {
    inline-size: var(--w3m-skeleton-width, 60%);
    clip-path: inset(20% 0 round var(--w3m-radius-xs));
  }
  .skeleton.short {
    --w3m-skeleton-width: 40%;
  }
  .skeleton.round {
    border-radius: var(--w3m-radius-full);
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton {
      animation: none;
    }
  }
  @keyframes w3m-shimmer {
    from {
      background-position: 100% 0;
    }
    to {
      background-position: 0 0;
    }
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`

/** One line of a skeleton: a no-break space, so that it is a line of its font tall. */
export const SKELETON_LINE = '\u00a0'
