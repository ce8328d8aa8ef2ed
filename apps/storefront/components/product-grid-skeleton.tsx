const SKELETON_KEYS = ['a', 'b', 'c', 'd'] as const;

/** Placeholder cards while a deferred product list streams in. */
export function ProductGridSkeleton({ label }: { label: string }) {
  return (
    <div className="product-grid product-grid--skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      {SKELETON_KEYS.map((key) => (
        <div key={key} className="skeleton-card" aria-hidden="true">
          <div className="skeleton skeleton--image" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}
