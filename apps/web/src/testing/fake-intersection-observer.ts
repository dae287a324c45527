/**
 * Test-only: jsdom has no IntersectionObserver. This one records what is observed and lets a
 * test say when an element scrolls into view (the notifications dialog, the gallery feed).
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.observed = [];
  }
  takeRecords() {
    return [];
  }
  /** Installs the fake on window, forgetting earlier instances. */
  static install() {
    FakeIntersectionObserver.instances = [];
    window.IntersectionObserver =
      FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  }
  /** True when some live observer watches `element`. */
  static watches(element: Element): boolean {
    return FakeIntersectionObserver.instances.some((o) => o.observed.includes(element));
  }
  static reveal(element: Element) {
    for (const o of FakeIntersectionObserver.instances.filter((i) =>
      i.observed.includes(element),
    )) {
      o.callback(
        [{ isIntersecting: true, target: element } as IntersectionObserverEntry],
        o as unknown as IntersectionObserver,
      );
    }
  }
}
