/** A status page inside the console: not signed in, not allowed, not found. */
export function NoticePage(props: { status: number; title: string; message: string }) {
  return (
    <section className="admin-notice" data-status={props.status}>
      <h1>{`${props.status} ${props.title}`}</h1>
      <p>{props.message}</p>
      <p>
        <a href="/admin">Back to the console</a>
      </p>
    </section>
  );
}
