import HeaderCart from '../../client/islands/HeaderCart.tsx';
import HeaderVehicle from '../../client/islands/HeaderVehicle.tsx';
import SearchBox from '../../client/islands/SearchBox.tsx';
import { EASTER_SALE_ROUTE } from '../../shared/content/campaign.ts';
import { A11Y_LABEL } from '../../shared/messages.ts';
import { Island } from '../platform/render/Island.tsx';
import { SocialLinks } from './Icons.tsx';
import type { Shell } from '../platform/render/shell.ts';

function navLinks(shell: Shell) {
  return shell.fixed.headerLinks
    .filter((link) => !link.blog || shell.market.showBlog)
    .map((link) => (link.href === EASTER_SALE_ROUTE && shell.dealsHref ? { ...link, href: shell.dealsHref } : link));
}

function SearchForm({ id }: { id: string }) {
  return <Island name="SearchBox" component={SearchBox} props={{ id }} />;
}

/**
 * Desktop header (above 960 px) and mobile header (960 px or less); CSS shows one. The skip link
 * comes first, so it is the first thing a keyboard reaches on every page.
 */
export function Header({ shell }: { shell: Shell }) {
  const account = shell.signedIn ? '/myAccount' : '/login';
  const links = navLinks(shell);
  return (
    <header className="site-header" style={{ background: shell.settings.NAV_BAR_BACKGROUND }}>
      <a className="skip-link visually-hidden" href="#main">
        {A11Y_LABEL.skipToMain}
      </a>
      <div className="header-desktop" data-header="desktop">
        <div className="header-desktop__top">
          <span>Support {shell.settings.COMPANY_PHONE} · Mon-Sun, 7*24h</span>
          <SocialLinks links={shell.settings.SOCIAL_LINKS} />
        </div>
        <div className="header-desktop__main">
          <a className="logo" href="/">
            {shell.settings.SHOP_NAME}
          </a>
          <SearchForm id="search-desktop" />
          <Island name="HeaderVehicle" component={HeaderVehicle} props={{}} />
          <a className="header-link" href={account}>
            {shell.signedIn ? 'My Account' : 'Sign In'}
          </a>
          <Island name="HeaderCart" component={HeaderCart} props={{}} />
        </div>
        <nav aria-label={A11Y_LABEL.mainNav}>
          <ul className="nav-links">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="header-mobile" data-header="mobile">
        <details className="mobile-menu">
          <summary>
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{A11Y_LABEL.menu}</span>
          </summary>
          <nav aria-label={A11Y_LABEL.mobileNav}>
            <ul>
              {links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
              <li>
                <a href={account}>{shell.signedIn ? 'My Account' : 'Sign In'}</a>
              </li>
            </ul>
            <SocialLinks links={shell.settings.SOCIAL_LINKS} />
          </nav>
        </details>
        <a className="logo" href="/">
          {shell.settings.SHOP_NAME}
        </a>
        <Island name="HeaderCart" component={HeaderCart} props={{}} />
        <SearchForm id="search-mobile" />
        <div className="header-mobile__vehicle">
          <Island name="HeaderVehicle" component={HeaderVehicle} props={{}} />
        </div>
      </div>
    </header>
  );
}
