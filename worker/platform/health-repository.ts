/** The database's side of the health check. The only place with its SQL. */
export function healthRepository(db: D1Database) {
  return {
    /** Whether D1 answers a trivial query. */
    answers: () =>
      db
        .prepare('SELECT 1 AS up')
        .first()
        .then(
          () => true,
          () => false,
        ),
  };
}
