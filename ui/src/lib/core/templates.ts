/**
 * The notice templates' rules (core-wasm's notice_template.rs with minijinja): a wasm of its own
 * (core-wasm/templates, built by scripts/build-wasm into ./pkg-templates), fetched only when the
 * recruiter's template page asks for it, so no other page downloads the template renderer.
 * The server checks every template again with the same Rust code.
 */
import type { RenderedNotice, RuleVerdict } from './index';

export interface TemplateRules {
  /** The verdict on a template, `{field: {key, limit?, name?}}`; empty when it is good. */
  validate(name: string, mailSubject: string, mailContent: string, smsContent: string): RuleVerdict;
  /** The template rendered with sample values, or why it does not render. */
  preview(mailSubject: string, mailContent: string, smsContent: string): { ok: true; rendered: RenderedNotice } | { ok: false; verdict: RuleVerdict };
  /** How many texts an SMS goes as: one up to 70 characters, else one per 67. */
  smsSegments(text: string): number;
  /** The variables a template may name. */
  variables(): string[];
}

let loading: Promise<TemplateRules> | undefined;

/** The rules, once their wasm is fetched and instantiated (once per page load; a failure can be retried). */
export function loadTemplateRules(): Promise<TemplateRules> {
  loading ??= import('./pkg-templates/core_wasm_templates').then(
    (wasm): TemplateRules => ({
      validate: (name, mailSubject, mailContent, smsContent) => (wasm.validateNoticeTemplate(name, mailSubject, mailContent, smsContent) ?? {}) as RuleVerdict,
      preview: (mailSubject, mailContent, smsContent) =>
        wasm.previewNoticeTemplate(mailSubject, mailContent, smsContent) as { ok: true; rendered: RenderedNotice } | { ok: false; verdict: RuleVerdict },
      smsSegments: (text) => wasm.smsSegments(text),
      variables: () => wasm.noticeVariables(),
    }),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}
