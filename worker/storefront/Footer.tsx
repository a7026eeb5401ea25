import type { ReactNode } from 'react';
import CopyText from '../../client/islands/CopyText.tsx';
import NewsletterForm from '../../client/islands/NewsletterForm.tsx';
import { POPULAR_MAKES } from '../../shared/routes.ts';
import { COPYRIGHT_START_YEAR, SUPPORT_HOURS } from '../../shared/constants.ts';
import { Island } from '../platform/render/Island.tsx';
import { customerServiceLinks, informationLinks, LEGAL_LINKS, type FooterLink } from './footer-links.ts';
import { PaymentIcons, SocialLinks } from './Icons.tsx';
import type { Shell } from '../platform/render/shell.ts';
import { staticAsset } from '../platform/build-info.ts';

function LinkList({ links }: { links: readonly FooterLink[] }) {
  return (
    <ul className="footer-links">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}

function MakesList() {
  return (
    <LinkList
      links={[
        ...POPULAR_MAKES.map((make) => ({ label: make.name, href: make.href })),
        { label: 'Show more', href: '/makes' },
      ]}
    />
  );
}

/** Contact options (§2): live chat, phone and email (tel/mailto links on mobile), copy, hours. */
function ContactUs({ shell, mobile }: { shell: Shell; mobile: boolean }) {
  const { COMPANY_PHONE: phone, COMPANY_EMAIL_1: email } = shell.settings;
  return (
    <ul className="contact-list">
      <li>
        <a href="/help/feedback" data-live-chat>
          Live chat
        </a>
      </li>
      <li>
        {mobile ? <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a> : <span>{phone}</span>}
        <Island name="CopyText" component={CopyText} props={{ text: phone, label: 'phone number' }} hydrate="idle" />
      </li>
      <li>
        {mobile ? <a href={`mailto:${email}`}>{email}</a> : <span>{email}</span>}
        <Island name="CopyText" component={CopyText} props={{ text: email, label: 'email address' }} hydrate="idle" />
      </li>
      <li className="support-hours">{SUPPORT_HOURS}</li>
    </ul>
  );
}

function Badges({ shell }: { shell: Shell }) {
  return (
    <ul className="review-badges">
      {shell.fixed.reviewBadges.map((badge) => (
        <li key={badge.name}>
          <strong>{badge.rating.toFixed(1)}</strong> ★ {badge.name}{' '}
          <small>({badge.count.toLocaleString('en-US')} reviews)</small>
        </li>
      ))}
    </ul>
  );
}

function Copyright({ shell }: { shell: Shell }) {
  return (
    <div className="copyright">
      <span>{`© ${COPYRIGHT_START_YEAR}-${shell.year} ${shell.settings.SHOP_NAME}. All rights reserved.`}</span>
      {LEGAL_LINKS.map((link) => (
        <a key={link.href} href={link.href}>
          {link.label}
        </a>
      ))}
    </div>
  );
}

function Section({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <details className="footer-section" open={open}>
      <summary>{title}</summary>
      <div className="footer-section__panel">{children}</div>
    </details>
  );
}

function DesktopFooter({ shell }: { shell: Shell }) {
  return (
    <div className="footer-desktop" data-footer="desktop">
      {shell.showNewsletter && (
        <div className="newsletter-band" id="newsletter">
          <div>
            <strong>Join our newsletter</strong> Subscribe to unlock amazing deals
          </div>
          <Island
            name="NewsletterForm"
            component={NewsletterForm}
            props={{ variant: 'desktop', position: 'footer', inputId: 'newsletter-desktop' }}
            hydrate="idle"
          />
        </div>
      )}
      <div className="footer-columns">
        <section>
          <h2>Contact us</h2>
          <ContactUs shell={shell} mobile={false} />
        </section>
        <section>
          <h2>Popular makes</h2>
          <MakesList />
        </section>
        <section>
          <h2>Customer service</h2>
          <LinkList links={customerServiceLinks(shell)} />
        </section>
        <section>
          <h2>Information</h2>
          <LinkList links={informationLinks(shell)} />
        </section>
        <section>
          <h2>Follow us</h2>
          <SocialLinks links={shell.settings.SOCIAL_LINKS} />
          <ul className="awards">
            {shell.fixed.awards.map((award) => (
              <li key={award}>{award}</li>
            ))}
          </ul>
          <Badges shell={shell} />
        </section>
      </div>
      <PaymentIcons icons={shell.market.paymentIcons} />
      <Copyright shell={shell} />
    </div>
  );
}

function MobileFooter({ shell }: { shell: Shell }) {
  return (
    <div className="footer-mobile" data-footer="mobile">
      {shell.showNewsletter && (
        <div className="newsletter-block" id="newsletter-mobile-block">
          <img src={staticAsset('/static/newsletter.svg')} alt="" width="120" height="80" loading="lazy" />
          <h2>Join our newsletter</h2>
          <p>Subscribe to unlock amazing deals</p>
          <Island
            name="NewsletterForm"
            component={NewsletterForm}
            props={{ variant: 'mobile', position: 'footer', inputId: 'newsletter-mobile' }}
            hydrate="idle"
          />
        </div>
      )}
      <Section title="Contact us" open>
        <ContactUs shell={shell} mobile />
      </Section>
      <Section title="Popular makes">
        <MakesList />
      </Section>
      <Section title="Customer service">
        <LinkList links={customerServiceLinks(shell)} />
      </Section>
      <Section title="Information">
        <LinkList links={informationLinks(shell)} />
      </Section>
      <SocialLinks links={shell.settings.SOCIAL_LINKS} />
      <PaymentIcons icons={shell.market.paymentIcons} />
      <Badges shell={shell} />
      <Copyright shell={shell} />
    </div>
  );
}

/** Desktop footer above 1100 px, mobile footer at 1100 px or less (§2 Footer). */
export function Footer({ shell }: { shell: Shell }) {
  return (
    <footer className={shell.hideMobileFooter ? 'site-footer site-footer--no-mobile' : 'site-footer'}>
      <DesktopFooter shell={shell} />
      <MobileFooter shell={shell} />
    </footer>
  );
}
