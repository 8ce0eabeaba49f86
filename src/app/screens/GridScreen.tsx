import { useParams } from 'react-router';
import { GridView } from '../../runtime/views/GridView';

/** Route /grid/:name: the grid the url names. */
export function GridScreen() {
  const { name = '' } = useParams();
  // A new key per name: nothing of the previous grid (page, search, sort) carries over.
  return <GridView key={name} name={name} />;
}

/** The fixed list routes (/users, /groups, /grids...) each show one known grid. */
export function ListScreen({ grid }: { grid: string }) {
  return <GridView key={grid} name={grid} />;
}
