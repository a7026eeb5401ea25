import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffAction, type StaffRole, staffMay } from '../../shared/staff-permissions.ts';
import { ADMIN, postForm, staffMember, staffSession } from './admin-helpers.ts';
import { checkoutFixture, placedMemberOrder } from './checkout-helpers.ts';
import { shop } from './helpers.ts';
import { askReturn, fileOf, shippedGuestOrder, uploadIds } from './returns-helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;

/** Every console route and action with the permission it needs: the guard must answer 403 to anyone else. */
const ROUTES: { name: string; action: StaffAction; call: (session: Session, role: StaffRole) => Promise<Response> }[] =
  [
    {
      name: 'GET /admin',
      action: 'dashboard.view',
      call: (s) => shop(ADMIN, { headers: s.headers, redirect: 'manual' }),
    },
    {
      name: 'GET /admin/staff',
      action: 'staff.manage',
      call: (s) => shop(`${ADMIN}/staff`, { headers: s.headers, redirect: 'manual' }),
    },
    {
      name: 'POST /admin/staff',
      action: 'staff.manage',
      call: (s, role) =>
        postForm(
          '/admin/staff',
          {
            email: `added-by-${role}-${crypto.randomUUID().slice(0, 6)}@staff.test`,
            name: 'Added',
            role: 'support',
            _csrf: s.csrf,
          },
          s.headers,
        ),
    },
    {
      name: 'POST /admin/staff/:id',
      action: 'staff.manage',
      call: async (s) => {
        const target = await staffMember(`target-${crypto.randomUUID().slice(0, 8)}@staff.test`, 'support');
        return postForm(
          `/admin/staff/${target.id}`,
          { role: 'merchandiser', active: 'true', _csrf: s.csrf },
          s.headers,
        );
      },
    },
    {
      name: 'GET /admin/audit',
      action: 'audit.view',
      call: (s) => shop(`${ADMIN}/audit`, { headers: s.headers, redirect: 'manual' }),
    },
    {
      name: 'GET /admin/orders',
      action: 'orders.view',
      call: (s) => shop(`${ADMIN}/orders`, { headers: s.headers, redirect: 'manual' }),
    },
    {
      name: 'GET /admin/orders/:id',
      action: 'orders.view',
      call: (s) => shop(`${ADMIN}/orders/${orderId}`, { headers: s.headers, redirect: 'manual' }),
    },
    ...(
      [
        ['ship', 'orders.ship', { qty_1: '1', carrier: 'ups', trackingNumber: '1Z999AA10123456784' }],
        ['shipments/999999/delivered', 'orders.ship', {}],
        ['address', 'orders.editAddress', { firstName: '' }],
        ['notes', 'orders.note', { body: 'Matrix note' }],
        ['refund', 'orders.refund', { rqty_1: '1', reason: 'Matrix' }],
        ['cancel', 'orders.cancel', { confirm: 'yes' }],
      ] as const
    ).map(([path, action, fields]) => ({
      name: `POST /admin/orders/:id/${path}`,
      action,
      call: (s: Session) => postForm(`/admin/orders/${orderId}/${path}`, { ...fields, _csrf: s.csrf }, s.headers),
    })),
    {
      name: 'GET /admin/returns',
      action: 'returns.view',
      call: (s) => shop(`${ADMIN}/returns?status=ALL`, { headers: s.headers, redirect: 'manual' }),
    },
    {
      name: 'GET /admin/returns/:rma',
      action: 'returns.view',
      call: (s) => shop(`${ADMIN}/returns/${rma}`, { headers: s.headers, redirect: 'manual' }),
    },
    {
      name: 'GET /admin/returns/evidence/:uploadId',
      action: 'returns.view',
      call: (s) => shop(`${ADMIN}/returns/evidence/${evidenceId}`, { headers: s.headers, redirect: 'manual' }),
    },
    ...(
      [
        ['approve', 'returns.decide', { instructions: 'Matrix' }],
        ['ask-evidence', 'returns.decide', { message: 'Matrix' }],
        ['reject', 'returns.decide', { reason: 'Matrix' }],
        ['received', 'returns.receive', { note: 'Matrix' }],
        ['refund', 'orders.refund', { rqty_1: '1', fee: '0' }],
      ] as const
    ).map(([path, action, fields]) => ({
      name: `POST /admin/returns/:rma/${path}`,
      action,
      // A return that does not exist: past the guard it is a 404, so the matrix leaves the real one as it is.
      call: (s: Session) =>
        postForm(
          `/admin/returns/RMA-000000-AAAAA-AAAAA/${path}`,
          { ...fields, _key: crypto.randomUUID(), _csrf: s.csrf },
          s.headers,
        ),
    })),
    {
      name: 'GET /admin/reviews',
      action: 'reviews.moderate',
      call: (s) => shop(`${ADMIN}/reviews`, { headers: s.headers, redirect: 'manual' }),
    },
    ...(['publish', 'reject', 'flag'] as const).map((path) => ({
      name: `POST /admin/reviews/:id/${path}`,
      action: 'reviews.moderate' as const,
      call: (s: Session) => postForm(`/admin/reviews/999999/${path}`, { reason: 'spam', _csrf: s.csrf }, s.headers),
    })),
    {
      name: 'GET /admin/promotions',
      action: 'promotions.manage',
      call: (s) => shop(`${ADMIN}/promotions?status=Ended&q=matrix`, { headers: s.headers, redirect: 'manual' }),
    },
    {
      name: 'GET /admin/promotions/:id',
      action: 'promotions.manage',
      call: (s) => shop(`${ADMIN}/promotions/${PROMOTION_ID}`, { headers: s.headers, redirect: 'manual' }),
    },
    ...(['', '/pause', '/resume'] as const).map((path) => ({
      name: `POST /admin/promotions/:id${path}`,
      action: 'promotions.manage' as const,
      // A promotion that does not exist: past the guard it is a 404.
      call: (s: Session) => postForm(`/admin/promotions/999999${path}`, { name: 'Matrix', _csrf: s.csrf }, s.headers),
    })),
    {
      name: 'GET /admin/customers',
      action: 'customers.view',
      call: (s) => shop(`${ADMIN}/customers?q=example`, { headers: s.headers, redirect: 'manual' }),
    },
    {
      name: 'GET /admin/customers/:id',
      action: 'customers.view',
      call: (s) => shop(`${ADMIN}/customers/${accountId}`, { headers: s.headers, redirect: 'manual' }),
    },
    ...(
      [
        ['points', 'customers.adjustPoints', { points: '5', reason: 'Matrix' }],
        ['resend-confirmation', 'customers.resendConfirmation', {}],
        ['block', 'customers.block', {}],
        ['unblock', 'customers.block', {}],
      ] as const
    ).map(([path, action, fields]) => ({
      name: `POST /admin/customers/:id/${path}`,
      action,
      call: (s: Session) =>
        postForm(
          `/admin/customers/${accountId}/${path}`,
          { ...fields, _key: crypto.randomUUID(), _csrf: s.csrf },
          s.headers,
        ),
    })),
  ];

/** An ended promotion the matrix opens (it prices no order). */
const PROMOTION_ID = 9001;
let orderId = '';
let accountId = 0;
let rma = '';
let evidenceId = '';
const sessions = new Map<StaffRole, Session>();

beforeAll(async () => {
  const [skuId] = await checkoutFixture(1);
  orderId = (await placedMemberOrder(skuId!)).orderId;
  accountId = (await env.DB.prepare('SELECT account_id AS id FROM orders WHERE id = ?').bind(orderId).first<{
    id: number;
  }>())!.id;
  const returned = await shippedGuestOrder([{ skuId: skuId!, quantity: 1 }]);
  evidenceId = (await uploadIds(returned, [fileOf('jpeg')]))[0]!;
  rma = (await askReturn(returned, { lines: [{ lineNo: 1, quantity: 1 }], reason: 'Other', uploadIds: [evidenceId] }))
    .body.data.rma;
  await env.DB.prepare(
    `INSERT INTO promotion (id, name, source, discount_type, discount_value, starts_at, ends_at)
     VALUES (?, 'Matrix 5% off', 'AUTO_DISCOUNT', 'PERCENT', 5, 1, 2)`,
  )
    .bind(PROMOTION_ID)
    .run();
  for (const role of STAFF_ROLES) sessions.set(role, await staffSession(role));
});

describe('the staff permission matrix', () => {
  for (const route of ROUTES) {
    for (const role of STAFF_ROLES) {
      const allowed = staffMay(role, route.action);
      it(`${route.name} is ${allowed ? 'open' : 'refused (403)'} to ${role}`, async () => {
        const response = await route.call(sessions.get(role)!, role);
        const html = await response.text();
        if (allowed) {
          // Past the guard: a page opens; an action may still be refused for what it asks (400, 404, 409).
          expect(response.status, html.slice(0, 300)).not.toBe(403);
          expect(response.status, html.slice(0, 300)).toBeLessThan(route.name.startsWith('GET') ? 400 : 500);
        } else {
          expect(response.status).toBe(403);
          expect(html).toContain('403 Forbidden');
        }
      });
    }
  }

  it('refuses every route without a staff session (sign-in page for pages, 401 for forms)', async () => {
    const anonymous = { headers: {}, csrf: '', staff: null, setCookie: '' } as unknown as Session;
    for (const route of ROUTES) {
      const response = await route.call(anonymous, 'owner');
      expect([302, 401], route.name).toContain(response.status);
      if (response.status === 302) expect(response.headers.get('location')).toBe('/admin/sign-in');
    }
  });

  it('does not change a staff member when a non-owner posts the form', async () => {
    const target = await staffMember('untouched@staff.test', 'support');
    const support = sessions.get('support')!;
    const fields = { role: 'owner', active: 'true', _csrf: support.csrf };
    expect((await postForm(`/admin/staff/${target.id}`, fields, support.headers)).status).toBe(403);
    const row = await env.DB.prepare('SELECT role FROM staff WHERE id = ?').bind(target.id).first();
    expect(row).toEqual({ role: 'support' });
  });
});
