import { Hono } from 'hono';
import { systemClock } from '../platform/clock.ts';
import { type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin } from './render.tsx';
import {
  formOfSettings,
  SETTINGS_FIELDS,
  SETTINGS_MSG,
  type SettingsForm,
  saveMerchandisingSettings,
  storedSettings,
} from './settings-editor.ts';
import { SettingsPage } from './views/SettingsPage.tsx';
import { field, ownFields, staffForm, staffFormBase, textFields } from './form.ts';

const manage = [staffSession, requirePermission('content.manage')] as const;
/** The settings form: its fields and the version it was drawn from. */
const settingsForm = staffFormBase.extend({ ...textFields(SETTINGS_FIELDS), _version: field(200) });

/** The storefront's merchandising settings (issue 22): the site notice, the header colour, Black Friday. */
export const adminSettings = new Hono<AdminEnv>()
  .get('/admin/settings', ...manage, async (c) => {
    const stored = await storedSettings(c.env.SETTINGS);
    const notice = c.req.query('done') === 'saved' ? SETTINGS_MSG.saved : null;
    const body = (
      <SettingsPage csrf={c.var.csrf} form={formOfSettings(stored.value)} version={stored.version} notice={notice} />
    );
    return renderAdmin(c, { title: 'Storefront settings', body });
  })
  .post('/admin/settings', ...manage, ...staffForm(settingsForm), async (c) => {
    const { _version: version, ...form } = ownFields(c.req.valid('form')) satisfies SettingsForm;
    const deps = { db: c.env.DB, kv: c.env.SETTINGS, actor: c.var.staff, now: systemClock.now() };
    const result = await saveMerchandisingSettings(deps, form, version);
    if (result.ok) return c.redirect('/admin/settings?done=saved', 303);
    const status = result.stale ? 409 : 400;
    const page = (
      <SettingsPage
        csrf={c.var.csrf}
        form={result.stale?.form ?? form}
        version={result.stale?.version ?? version}
        errors={result.errors}
      />
    );
    return renderAdmin(c, { title: 'Storefront settings', status, body: page });
  });
