/** The staff sign-in form: email, password and the authenticator's 6-digit code. */
export function SignInPage(props: { email?: string; error?: string }) {
  return (
    <section className="sign-in panel">
      <h1>Staff sign-in</h1>
      {props.error && (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
      <form method="post" action="/admin/sign-in" className="stack">
        <div>
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" autoComplete="username" required defaultValue={props.email} />
        </div>
        <div>
          <label htmlFor="password">Password</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <div>
          <label htmlFor="code">Authenticator code</label>
          <input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
          />
        </div>
        <button type="submit">Sign in</button>
      </form>
    </section>
  );
}
