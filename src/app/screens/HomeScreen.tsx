import { useSession } from '../../runtime/session';
import { PageView } from './PageScreen';

/** The page every installation ships with, for users who have not chosen their own. */
const DEFAULT_FRONT_PAGE = 'frontpage';

/** Route '/': the signed-in user's front page. */
export function HomeScreen() {
  const frontPage = useSession((s) => s.user?.FrontPage);
  return <PageView name={frontPage || DEFAULT_FRONT_PAGE} head />;
}
