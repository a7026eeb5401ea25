import ChatLauncher from '../../../client/islands/ChatLauncher.tsx';
import { Island } from '../../platform/render/Island.tsx';

/**
 * The chat launcher as a page renders it: the button is server-rendered markup, and its island
 * hydrates when the browser is idle, so it adds nothing to the first page's JavaScript.
 */
export function ChatLauncherIsland() {
  return <Island name="ChatLauncher" component={ChatLauncher} props={{}} hydrate="idle" />;
}
