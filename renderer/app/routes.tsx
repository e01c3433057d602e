import type { ComponentType } from 'react';
import type { Needs } from './station-info';
import { BatchesPage } from '../features/batches/BatchesPage';
import { FlowsPage } from '../features/flows/FlowsPage';
import { LinksPage } from '../features/links/LinksPage';
import { NewOrdersPage } from '../features/new-orders/NewOrdersPage';
import { OrdersPage } from '../features/orders/OrdersPage';
import { OverviewPage } from '../features/overview/OverviewPage';
import { PrintersPage } from '../features/printers/PrintersPage';
import { RoutingPage } from '../features/routing/RoutingPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { TeamsPage } from '../features/teams/TeamsPage';
import { TemplatesPage } from '../features/templates/TemplatesPage';

export interface PageRoute {
  path: string;
  label: string;
  /** A single key that opens the page (with Alt), shown in the navigation. */
  shortcut: string;
  Page: ComponentType;
  /** Who may use the page; the navigation shows only the pages the signed-in person may use. */
  needs: Needs;
}

/** The dashboard's pages, in navigation order. A page appears once its station API exists. */
export const ROUTES: PageRoute[] = [
  { path: 'overview', label: 'Overview', shortcut: 'H', Page: OverviewPage, needs: 'viewer' },
  { path: 'orders', label: 'Orders', shortcut: '1', Page: OrdersPage, needs: 'viewer' },
  { path: 'batches', label: 'Batches', shortcut: '2', Page: BatchesPage, needs: 'viewer' },
  { path: 'new', label: 'New orders', shortcut: '3', Page: NewOrdersPage, needs: 'operator' },
  { path: 'printers', label: 'Printers', shortcut: '4', Page: PrintersPage, needs: 'viewer' },
  { path: 'routing', label: 'Routing', shortcut: '5', Page: RoutingPage, needs: 'viewer' },
  { path: 'templates', label: 'Templates', shortcut: '6', Page: TemplatesPage, needs: 'admin' },
  { path: 'flows', label: 'Flows', shortcut: '7', Page: FlowsPage, needs: 'admin' },
  { path: 'links', label: 'Links', shortcut: '8', Page: LinksPage, needs: 'admin' },
  { path: 'teams', label: 'Teams', shortcut: '0', Page: TeamsPage, needs: 'admin' },
  { path: 'settings', label: 'Settings', shortcut: '9', Page: SettingsPage, needs: 'signed-in' },
];

export const routeFromHash = (hash: string): PageRoute => ROUTES.find((route) => hash.replace(/^#\/?/, '').split('/')[0] === route.path) ?? ROUTES[0]!;
