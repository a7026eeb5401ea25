import HeaderCart from '../../client/islands/HeaderCart.tsx';
import HeaderVehicle from '../../client/islands/HeaderVehicle.tsx';
import SearchBox from '../../client/islands/SearchBox.tsx';
import { EASTER_SALE_ROUTE } from '../../shared/content/campaign.ts';
import { A11Y_LABEL } from '../../shared/messages.ts';
import { supportHours } from '../../shared/constants.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { Island } from '../platform/render/Island.tsx';
import { ChatIcon, SocialLinks } from './Icons.tsx';
import type { Shell } from '../platform/render/shell.ts';

function navLinks(shell: Shell) {
  return shell.fixed.headerLinks
    .filter((link) => !link.blog || shell.market.showBlog)
    .map((link) => (link.href === EASTER_SALE_ROUTE && shell.dealsHref ? { ...link, href: shell.dealsHref } : link))
    .map((link) => (shell.locale === 'fr' && link.labelFr ? { ...link, label: link.labelFr } : link));
}

/**
 * The Canadian site's language switch (issue 37): the same page in the other language, remembered
 * in a cookie. A relative link, so the cached header fits every page (the browser keeps the query).
 */
function LanguageSwitch({ shell }: { shell: Shell }) {
  if (shell.market.id !== 'ca') return null;
  const other = shell.locale === 'fr' ? 'en' : 'fr';
  return (
    <a
      className="language-switch"
      href={`?lang=${other}`}
      hrefLang={other === 'fr' ? 'fr-CA' : 'en-CA'}
      lang={other === 'fr' ? 'fr-CA' : 'en-CA'}
      data-language-switch={other}
      aria-label={m.language_switch_name()}
    >
      {m.language_switch_label()}
    </a>
  );
}

function SearchForm({ id }: { id: string }) {
  return <Island name="SearchBox" component={SearchBox} props={{ id }} />;
}

/**
 * Live chat, in the header rather than floating over the page (a floating button covers fields, buttons and badges
 * beneath it): the launcher island opens its panel from any `data-live-chat` element, and before it hydrates the link
 * leads to the help form. On a phone the word is the icon's name.
 */
function ChatLink({ compact }: { compact: boolean }) {
  return (
    <a className="header-link header-chat" href="/help/feedback" data-live-chat="launcher">
      <ChatIcon />
      <span className={compact ? 'visually-hidden' : undefined}>{A11Y_LABEL.liveChat}</span>
    </a>
  );
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
          <span>{m.header_support({ phone: shell.settings.COMPANY_PHONE, hours: supportHours() })}</span>
          <LanguageSwitch shell={shell} />
          <SocialLinks links={shell.settings.SOCIAL_LINKS} />
        </div>
        <div className="header-desktop__main">
          <a className="logo" href="/">
            {shell.settings.SHOP_NAME}
          </a>
          <SearchForm id="search-desktop" />
          <ChatLink compact={false} />
          <a className="header-link" href={account}>
            {shell.signedIn ? m.header_my_account() : m.header_sign_in()}
          </a>
          <Island name="HeaderCart" component={HeaderCart} props={{}} />
        </div>
        <div className="header-desktop__nav">
          <nav aria-label={A11Y_LABEL.mainNav}>
            <ul className="nav-links">
              {links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <Island name="HeaderVehicle" component={HeaderVehicle} props={{}} />
        </div>
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
                <a href={account}>{shell.signedIn ? m.header_my_account() : m.header_sign_in()}</a>
              </li>
              {shell.market.id === 'ca' && (
                <li>
                  <LanguageSwitch shell={shell} />
                </li>
              )}
            </ul>
            <SocialLinks links={shell.settings.SOCIAL_LINKS} />
          </nav>
        </details>
        <a className="logo" href="/">
          {shell.settings.SHOP_NAME}
        </a>
        <ChatLink compact />
        <Island name="HeaderCart" component={HeaderCart} props={{}} />
        <SearchForm id="search-mobile" />
        <div className="header-mobile__vehicle">
          <Island name="HeaderVehicle" component={HeaderVehicle} props={{}} />
        </div>
      </div>
    </header>
  );
}
