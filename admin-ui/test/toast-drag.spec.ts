import { DISMISS_FRACTION, dragDismisses, installToastDrag } from '../src/components/toast-drag';

/** Spec 9: a toast dragged sideways past 60 percent of its width closes; a shorter drag springs back. */
describe('toast drag-to-dismiss', () => {
  it('closes past 60% of the width, either way, and not at or below it', () => {
    expect(DISMISS_FRACTION).toBe(0.6);
    expect(dragDismisses(241, 400)).toBe(true);
    expect(dragDismisses(-241, 400)).toBe(true);
    expect(dragDismisses(240, 400)).toBe(false);
    expect(dragDismisses(-100, 400)).toBe(false);
    expect(dragDismisses(0, 400)).toBe(false);
  });

  it('a toast of no width (not laid out) never closes by dragging', () => {
    expect(dragDismisses(500, 0)).toBe(false);
  });

  it('installing without a document (server-side import) does nothing', () => {
    expect(() => installToastDrag(undefined)()).not.toThrow();
  });
});
