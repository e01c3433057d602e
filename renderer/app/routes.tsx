import type { ComponentType } from 'react';
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
}

/** The dashboard's pages, in navigation order. A page appears once its station API exists. */
export const ROUTES: PageRoute[] = [
  { path: 'overview', label: 'Overview', shortcut: 'H', Page: OverviewPage },
  { path: 'orders', label: 'Orders', shortcut: '1', Page: OrdersPage },
  { path: 'batches', label: 'Batches', shortcut: '2', Page: BatchesPage },
  { path: 'new', label: 'New orders', shortcut: '3', Page: NewOrdersPage },
  { path: 'printers', label: 'Printers', shortcut: '4', Page: PrintersPage },
  { path: 'routing', label: 'Routing', shortcut: '5', Page: RoutingPage },
  { path: 'templates', label: 'Templates', shortcut: '6', Page: TemplatesPage },
  { path: 'flows', label: 'Flows', shortcut: '7', Page: FlowsPage },
  { path: 'links', label: 'Links', shortcut: '8', Page: LinksPage },
  { path: 'teams', label: 'Teams', shortcut: '0', Page: TeamsPage },
  { path: 'settings', label: 'Settings', shortcut: '9', Page: SettingsPage },
];

export const routeFromHash = (hash: string): PageRoute => ROUTES.find((route) => hash.replace(/^#\/?/, '').split('/')[0] === route.path) ?? ROUTES[0]!;
