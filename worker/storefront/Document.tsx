import type { ReactNode } from 'react';
import LoadingBar from '../../client/islands/LoadingBar.tsx';
import NoticeHost from '../../client/islands/NoticeHost.tsx';
import SubscribeModal from '../../client/islands/SubscribeModal.tsx';
import { marketingScriptOf } from '../../shared/settings.ts';
import { buildInfo, staticAsset } from '../platform/build-info.ts';
import { ChatLauncherIsland } from '../chat/views/ChatLauncherIsland.tsx';
import { CampaignStrip } from '../content/views/CampaignStrip.tsx';
import { FrontPageBlock } from '../content/views/FrontPageBlock.tsx';
import { Island } from '../platform/render/Island.tsx';
import { Chrome } from './Chrome.tsx';
import { DebugPanel } from './DebugPanel.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import type { Shell } from '../platform/render/shell.ts';

/** The whole HTML document: head metadata, header, page, footer and the page's scripts. */
export function Document({ shell, children }: { shell: Shell; children: ReactNode }) {
  const chromeKey = `${shell.market.id}|${shell.signedIn}|${shell.year}`;
  const chromeInputs = [shell.settings, shell.fixed];
  const marketingScript = marketingScriptOf(shell.settings);
  return (
    <html lang="en" data-shop-name={shell.settings.SHOP_NAME} data-market={shell.market.id} data-shop-id="1">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* First in the head: the one stylesheet (about 9 KB gzipped) is all that blocks the first paint. */}
        <link rel="stylesheet" href={buildInfo.css} />
        <title>{shell.title}</title>
        <meta name="description" content={shell.description} />
        <link rel="canonical" href={shell.canonical} />
        {shell.alternates.map((alt) => (
          <link key={alt.hreflang} rel="alternate" hrefLang={alt.hreflang} href={alt.href} />
        ))}
        <meta name="build" content={buildInfo.buildId} data-build-time={buildInfo.buildTime} />
        {shell.robots && <meta name="robots" content={shell.robots} />}
        {shell.settings.SITE_VERIFICATION.google && (
          <meta name="google-site-verification" content={shell.settings.SITE_VERIFICATION.google} />
        )}
        <meta name="page-type" content={shell.pageType} />
        <link rel="icon" href={staticAsset('/static/favicon.svg')} type="image/svg+xml" />
        <script type="module" src={buildInfo.entry} async />
        {buildInfo.entryChunks.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body
        data-reset-cart={shell.resetCart ? 'true' : undefined}
        data-marketing-script={marketingScript}
        data-email-marketing-url={shell.settings.EMAIL_MARKETING.listUrl || undefined}
      >
        <Island name="LoadingBar" component={LoadingBar} props={{}} />
        {shell.layout && shell.showHeader && (
          <Chrome variant={`header|${chromeKey}|${shell.dealsHref}`} inputs={chromeInputs}>
            {() => <Header shell={shell} />}
          </Chrome>
        )}
        {shell.layout && shell.campaignStrip && (
          <CampaignStrip strip={shell.campaignStrip.strip} now={shell.campaignStrip.now} />
        )}
        {shell.layout && shell.settings.GLOBAL_ACTIVE_INFO.active && shell.settings.GLOBAL_ACTIVE_INFO.text && (
          <p className="global-notice" data-global-notice="">
            {shell.settings.GLOBAL_ACTIVE_INFO.text}
          </p>
        )}
        <main id="main">
          {shell.layout && shell.frontPageBlock && <FrontPageBlock block={shell.frontPageBlock} />}
          {children}
        </main>
        {shell.layout && (
          <Chrome
            variant={`footer|${chromeKey}|${shell.showNewsletter}|${shell.hideMobileFooter}`}
            inputs={chromeInputs}
          >
            {() => <Footer shell={shell} />}
          </Chrome>
        )}
        <Island name="NoticeHost" component={NoticeHost} props={{}} />
        {shell.layout && <ChatLauncherIsland />}
        {shell.settings.UDP_GLOBAL_MODAL_CONFIG.subscribe === true && (
          <Island name="SubscribeModal" component={SubscribeModal} props={{ shopName: shell.settings.SHOP_NAME }} />
        )}
        {shell.debug && <DebugPanel info={shell.debug} />}
      </body>
    </html>
  );
}
