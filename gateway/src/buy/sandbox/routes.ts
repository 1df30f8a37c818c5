import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_PAY_PATH, type PageOutcome, type SandboxAcquirer } from './acquirer.js';
import { cardPage, closedPage, pageLang, threeDsPage, type PageLang } from './pages.js';

const Params = Type.Object({ paymentId: Type.String({ minLength: 1, maxLength: 64 }) });
const LangQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 5 })) });
const CardBody = Type.Object({
  number: Type.Optional(Type.String({ maxLength: 32 })),
  expiry: Type.Optional(Type.String({ maxLength: 16 })),
  cvc: Type.Optional(Type.String({ maxLength: 8 })),
  holder: Type.Optional(Type.String({ maxLength: 128 })),
});
const CodeBody = Type.Object({ code: Type.Optional(Type.String({ maxLength: 16 })) });

/**
 * The sandbox acquirer's hosted payment page, server-rendered: no script, inline style only (the
 * gateway's CSP allows it), forms posting to this origin. Card details are read from the form,
 * checked and dropped: never stored, never logged, never echoed back (expiry and name excepted).
 */
export const sandboxAcquirerRoutes: FastifyPluginAsyncTypebox<{ acquirer: SandboxAcquirer }> = async (
  app,
  { acquirer },
) => {
  // Forms only here; the JSON API elsewhere keeps refusing this content type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const langOf = (request: FastifyRequest<{ Querystring: { lang?: string } }>): PageLang =>
    pageLang(request.query.lang, request.headers['accept-language']);
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  const path = (paymentId: string) => `${SANDBOX_PAY_PATH}/${encodeURIComponent(paymentId)}`;

  function render(reply: FastifyReply, lang: PageLang, paymentId: string, outcome: PageOutcome) {
    const s = acquirer.session(paymentId);
    switch (outcome.kind) {
      case 'redirect':
        return reply.status(303).header('cache-control', 'no-store').redirect(outcome.to, 303);
      case 'form':
        return html(reply, cardPage(lang, s!, path(paymentId), outcome.problems, outcome.keep), 422);
      case 'three_ds':
        return html(
          reply,
          threeDsPage(lang, s!, path(paymentId), outcome.wrongCode, outcome.triesLeft),
          outcome.wrongCode ? 422 : 200,
        );
      default:
        // Already paid or refused (a double submit, the back button): the app shows how it went.
        if (outcome.reason === 'done' && s) return reply.status(303).redirect(s.returnUrl, 303);
        return html(reply, closedPage(lang, outcome.reason, s?.returnUrl), outcome.reason === 'not_found' ? 404 : 410);
    }
  }

  const common = { tags: ['dev'], hide: true, params: Params, querystring: LangQuery };

  app.get(
    `${SANDBOX_PAY_PATH}/:paymentId`,
    { schema: { ...common, summary: 'Sandbox hosted card payment page' } },
    async (request, reply) => {
      const lang = langOf(request);
      const { paymentId } = request.params;
      const page = acquirer.page(paymentId);
      if (page.kind !== 'card') return render(reply, lang, paymentId, page);
      const s = acquirer.session(paymentId)!;
      return html(reply, cardPage(lang, s, path(s.paymentId)));
    },
  );

  app.post(`${SANDBOX_PAY_PATH}/:paymentId`, { schema: { ...common, body: CardBody } }, async (request, reply) => {
    const b = request.body;
    const outcome = await acquirer.pay(request.params.paymentId, {
      number: b.number ?? '',
      expiry: b.expiry ?? '',
      cvc: b.cvc ?? '',
      holder: b.holder ?? '',
    });
    return render(reply, langOf(request), request.params.paymentId, outcome);
  });

  app.post(`${SANDBOX_PAY_PATH}/:paymentId/3ds`, { schema: { ...common, body: CodeBody } }, async (request, reply) =>
    render(
      reply,
      langOf(request),
      request.params.paymentId,
      await acquirer.confirmThreeDs(request.params.paymentId, request.body.code ?? ''),
    ),
  );

  app.post(`${SANDBOX_PAY_PATH}/:paymentId/cancel`, { schema: common }, async (request, reply) =>
    render(reply, langOf(request), request.params.paymentId, await acquirer.cancel(request.params.paymentId)),
  );

  app.post(
    '/dev/acquirer/settle',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sandbox acquirer: deliver the pending final callbacks now instead of after SANDBOX_CARD_DELAY_MS',
      },
    },
    async () => {
      await acquirer.settleNow();
      return { ok: true };
    },
  );
};
