type Change = (e: { target: { value: string } }) => void;

/** A filter form's From and To days (each `<input type="date">`, ids `${id}-from` and `${id}-to`). */
export function DayRangeFields({ id, from, to, set }: { id: string; from: string; to: string; set(key: 'from' | 'to'): Change }) {
  return (
    <>
      <div className="col-auto">
        <label className="form-label" htmlFor={`${id}-from`}>
          From
        </label>
        <input id={`${id}-from`} type="date" className="form-control form-control-sm" value={from} onChange={set('from')} />
      </div>
      <div className="col-auto">
        <label className="form-label" htmlFor={`${id}-to`}>
          To
        </label>
        <input id={`${id}-to`} type="date" className="form-control form-control-sm" value={to} onChange={set('to')} />
      </div>
    </>
  );
}
