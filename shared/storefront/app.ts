import './styles.css';
import type { AppDefinition } from '../ui/app-definition.ts';
import { Layout } from './layout.tsx';
import { storefrontRoutes } from './routes.ts';

/** The example storefront: routes and layout. Its server data steps live in server/storefront/. */
export const storefront: AppDefinition = { routes: storefrontRoutes, Layout };
