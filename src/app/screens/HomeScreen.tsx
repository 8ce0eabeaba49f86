import { useSession } from '../../runtime/session';
import { GettingStarted } from './GettingStarted';
import { PageView } from './PageScreen';

/** The page every installation ships with, for users who have not chosen their own (the User model's default FrontPage). */
const DEFAULT_FRONT_PAGE = 'frontpage';

/**
 * Route '/': the signed-in user's front page. An administrator who has not chosen one gets the
 * getting-started page instead, which leads to the designers; choosing a front page replaces it.
 */
export function HomeScreen() {
  const frontPage = useSession((s) => s.user?.FrontPage);
  const admin = useSession((s) => s.user?.Admin === true);
  const chosen = frontPage && frontPage !== DEFAULT_FRONT_PAGE ? frontPage : '';
  if (admin && !chosen) return <GettingStarted />;
  return <PageView name={chosen || DEFAULT_FRONT_PAGE} head />;
}
