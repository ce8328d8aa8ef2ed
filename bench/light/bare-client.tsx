// The bare renderer's one client script: hydrates the light page from the inlined data, then marks the
// document as our runtime does (`<html data-hydrated>`), so the bench times both the same way.
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BareDocument } from './bare-document.tsx';
import { ProductTable } from './product-table.tsx';
import type { LightRow } from './rows.ts';

declare global {
  interface Window {
    __DATA: LightRow[];
  }
}

function Page() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <ProductTable rows={window.__DATA} />;
}

hydrateRoot(
  document,
  <BareDocument>
    <Page />
  </BareDocument>,
);
