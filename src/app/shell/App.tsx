import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { FormRoute, FormScreen } from '../screens/FormScreen';
import { GridScreen, ListScreen } from '../screens/GridScreen';
import { HomeScreen } from '../screens/HomeScreen';
import { PageScreen } from '../screens/PageScreen';
import { ApiDocsScreen } from '../screens/ApiDocsScreen';
import { ChangeUserPasswordScreen } from '../screens/ChangeUserPasswordScreen';
import type { RawKind } from '../screens/RawEditorScreen';
import { TransferScreen } from '../screens/TransferScreen';
import { ModelsScreen } from '../screens/models/ModelsScreen';
import { AutomationListScreen } from '../screens/automations/AutomationListScreen';
import { PermissionsScreen } from '../screens/permissions/PermissionsScreen';
import { HistoryScreen } from '../screens/HistoryScreen';
import { LostPasswordScreen } from '../screens/LostPasswordScreen';
import { AdminOnly, SetupOnly, SignedInOnly, SignedOutOnly } from './guards';
import { MainLayout, PublicLayout } from './Layouts';
import { LoginScreen } from './LoginScreen';
import { RegisterScreen } from './RegisterScreen';
import { SetupWizard } from './SetupWizard';
import { Loading } from '../../ui/Loading';

// The raw editors bring the schema validator (ajv) with them: loaded when one opens, not on first load.
const RawEditorScreen = lazy(() => import('../screens/RawEditorScreen').then((m) => ({ default: m.RawEditorScreen })));
// The automation designer loads when it opens, as the other designers do.
const AutomationDesignerScreen = lazy(() => import('../screens/automations/AutomationDesignerScreen'));
// The run log names steps by their folders' labels (the step schemas): loaded with it, not with the app.
const RunsScreen = lazy(() => import('../screens/automations/RunsScreen'));

type Guard = (p: { children: ReactNode }) => ReactNode;

/** A record form route (/user/:action/:id...): the form of that name. */
function RecordForm({ form }: { form: string }) {
  const { action = 'add', id = '0' } = useParams();
  return <FormScreen name={form} action={action} id={id} />;
}

const route = (path: string, Guarded: Guard, element: ReactNode) => (
  <Route key={path} path={path} element={<Guarded>{element}</Guarded>} />
);

/** The admin list screens (/users, /groups, ..., /menus the work flows) are ordinary grids over the system models. */
const LISTS: [string, string][] = [
  ['/grids', 'grids'],
  ['/forms', 'forms'],
  ['/users', 'users'],
  ['/groups', 'groups'],
  ['/selects', 'selects'],
  ['/pages', 'pages'],
  ['/menus', 'menus'],
];

/**
 * Designer routes (/formdesigner/:action/:id and the like): the built-in form of the definition kind, whose designer column
 * is the visual designer (/formdesigner/edit/:id is the 'form' form editing that record).
 */
const VISUAL_DESIGNERS: [string, string][] = [
  ['/formdesigner/:action/:id', 'form'],
  ['/pagedesigner/:action/:id', 'page'],
  ['/menudesigner/:action/:id', 'menu'],
  ['/griddesigner/:action/:id', 'grid'],
  ['/modeldesigner/:action/:id', 'model'],
];

/** The raw JSON editors (/formdesignerraw/:action/:id, and the same for grids, pages, menus, selects, models and automations). */
const RAW_EDITORS: [string, RawKind][] = [
  ['/griddesignerraw/:action/:id', 'grid'],
  ['/formdesignerraw/:action/:id', 'form'],
  ['/pagedesignerraw/:action/:id', 'page'],
  ['/menudesignerraw/:action/:id', 'menu'],
  ['/selectdesignerraw/:action/:id', 'select'],
  ['/modeldesignerraw/:action/:id', 'model'],
  ['/automationdesignerraw/:action/:id', 'automation'],
];

/** The client's route table, each route with its guard (guards.tsx); unknown paths go to /. */
export function App() {
  return (
    <Routes>
      {route('/setup', SetupOnly, <SetupWizard />)}
      <Route element={<PublicLayout />}>
        {route('/login', SignedOutOnly, <LoginScreen />)}
        {route('/register', SignedOutOnly, <RegisterScreen />)}
        {route('/lost_password', SignedOutOnly, <LostPasswordScreen />)}
        {route('/lost_password/:stage', SignedOutOnly, <LostPasswordScreen />)}
        {route('/lost_password/:stage/:token', SignedOutOnly, <LostPasswordScreen />)}
      </Route>
      <Route element={<MainLayout />}>
        {route('/', SignedInOnly, <HomeScreen />)}
        {route('/grid/:name', SignedInOnly, <GridScreen />)}
        {route('/form/:name/:action/:id', SignedInOnly, <FormRoute />)}
        {route('/page/:name', SignedInOnly, <PageScreen />)}
        {LISTS.map(([path, grid]) => route(path, AdminOnly, <ListScreen grid={grid} />))}
        {route('/user/:action/:id', AdminOnly, <RecordForm form="user" />)}
        {route('/group/:action/:id', AdminOnly, <RecordForm form="group" />)}
        {route('/select/:action/:id', AdminOnly, <RecordForm form="select" />)}
        {route('/changeuserpassword/:id', AdminOnly, <ChangeUserPasswordScreen />)}
        {route('/apidocs', AdminOnly, <ApiDocsScreen />)}
        {route('/transfer', AdminOnly, <TransferScreen />)}
        {route('/models', AdminOnly, <ModelsScreen />)}
        {route('/automations', AdminOnly, <AutomationListScreen />)}
        {route('/permissions', AdminOnly, <PermissionsScreen />)}
        {route('/permissions/:group', AdminOnly, <PermissionsScreen />)}
        {route('/history', AdminOnly, <HistoryScreen />)}
        {VISUAL_DESIGNERS.map(([path, form]) => route(path, AdminOnly, <RecordForm form={form} />))}
        {route('/automationdesigner/new', AdminOnly, <Suspense fallback={<Loading />}><AutomationDesignerScreen /></Suspense>)}
        {route('/automationdesigner/edit/:name', AdminOnly, <Suspense fallback={<Loading />}><AutomationDesignerScreen /></Suspense>)}
        {route('/automations/runs', AdminOnly, <Suspense fallback={<Loading />}><RunsScreen /></Suspense>)}
        {route('/automations/:name/runs', AdminOnly, <Suspense fallback={<Loading />}><RunsScreen key="one" /></Suspense>)}
        {RAW_EDITORS.map(([path, kind]) => route(path, AdminOnly, <Suspense fallback={<Loading />}><RawEditorScreen kind={kind} /></Suspense>))}
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
