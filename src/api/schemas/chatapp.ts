import * as z from 'zod/mini';
import {
  IdSchema,
  listOrEmpty,
  listResponse,
  nullishBoolean,
  nullishId,
  nullishString,
  openEnum,
} from './common';
import { lazySchema } from './lazy';

export const PROVIDERS = ['unofficial', 'cloud_api'] as const;
export const ProviderSchema = lazySchema(() => openEnum(PROVIDERS));
export type Provider = z.infer<typeof ProviderSchema>;

export const ChatappInstanceSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    provider: z.nullish(ProviderSchema),
    display_name: nullishString,
    phone_number: nullishString,
    is_primary: nullishBoolean,
    status: nullishString,
    supports_templates: nullishBoolean,
    supports_buttons: nullishBoolean,
    has_window_restriction: nullishBoolean,
  }),
);
export type ChatappInstance = z.infer<typeof ChatappInstanceSchema>;

export const TEMPLATE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
export const TemplateStatusSchema = lazySchema(() => openEnum(TEMPLATE_STATUSES));
export type TemplateStatus = z.infer<typeof TemplateStatusSchema>;

export const COMPONENT_TYPES = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'] as const;
export const HEADER_FORMATS = ['TEXT', 'DOCUMENT', 'IMAGE', 'VIDEO'] as const;
export const HeaderFormatSchema = lazySchema(() => openEnum(HEADER_FORMATS));
export type HeaderFormat = z.infer<typeof HeaderFormatSchema>;

/** HEADER (`format` absent means fixed text) or BODY (`text` with `{{N}}` placeholders)… */
export const TemplateComponentSchema = lazySchema(() =>
  z.looseObject({
    type: openEnum(COMPONENT_TYPES),
    format: z.nullish(HeaderFormatSchema),
    text: nullishString,
  }),
);
export type TemplateComponent = z.infer<typeof TemplateComponentSchema>;

export const ChatappTemplateSchema = lazySchema(() =>
  z.looseObject({
    id: IdSchema,
    name: z.string(),
    language: nullishString,
    category: nullishString,
    status: TemplateStatusSchema,
    chatapp_instance_id: nullishId,
    variables: listOrEmpty(z.string()),
    components: listOrEmpty(TemplateComponentSchema),
    quality_rating: nullishString,
  }),
);
export type ChatappTemplate = z.infer<typeof ChatappTemplateSchema>;

export const ChatappInstanceListResponseSchema = lazySchema(() =>
  listResponse(ChatappInstanceSchema),
);
export const ChatappTemplateListResponseSchema = lazySchema(() =>
  listResponse(ChatappTemplateSchema),
);

export const TemplateFiltersSchema = lazySchema(() =>
  z.strictObject({
    instance_id: z.optional(IdSchema),
    status: z.optional(TemplateStatusSchema),
    language: z.optional(z.string()),
  }),
);
export type TemplateFilters = z.infer<typeof TemplateFiltersSchema>;

/** A single line of text: the provider rejects a whole send for an empty or multi-line value. */
const templateVariable = lazySchema(() =>
  z.string().check(
    // Empty: describeIssue says "cannot be empty" for scripts, import.input.empty for a person.
    z.minLength(1),
    z.refine((value) => !/[\r\n]/.test(value), {
      message: 'a template variable cannot contain a line break',
      params: { kind: 'lineBreak' },
    }),
  ),
);

const httpUrl = lazySchema(() =>
  z.string().check(z.regex(/^https?:\/\/\S+$/i, { message: 'expected a public http(s) URL' })),
);

/** `POST /leads/{id}/send-chatapp` body. */
export const SendChatappInputSchema = lazySchema(() =>
  z
    .object({
      type: z.enum(['text', 'image']),
      body: z.optional(z.string()),
      media_url: z.optional(httpUrl),
      caption: z.optional(z.string()),
      instance_id: z.optional(IdSchema),
    })
    .check(
      z.refine((input) => input.type !== 'image' || Boolean(input.media_url), {
        message: 'an image message needs media_url',
        path: ['media_url'],
        params: { kind: 'imageUrl' },
      }),
      z.refine((input) => Boolean(input.media_url) || Boolean(input.body), {
        message: 'a text message needs body',
        path: ['body'],
        params: { kind: 'textBody' },
      }),
    ),
);
export type SendChatappInput = z.infer<typeof SendChatappInputSchema>;

/** `POST /leads/{id}/send-chatapp-template` body. */
export const SendChatappTemplateInputSchema = lazySchema(() =>
  z.object({
    template_id: IdSchema,
    // Object form: key is the {{N}} number as a string, `header_1` for a text header variable.
    variables: z.optional(
      z.union([z.record(z.string(), templateVariable), z.array(templateVariable)]),
    ),
    header_media_url: z.optional(httpUrl),
    header_media_filename: z.optional(z.string()),
    instance_id: z.optional(IdSchema),
  }),
);
export type SendChatappTemplateInput = z.infer<typeof SendChatappTemplateInputSchema>;

export const ChatappSentResponseSchema = lazySchema(() =>
  z.looseObject({
    success: nullishBoolean,
    conversation_id: nullishId,
    message_id: z.union([IdSchema, z.string()]),
    provider_msg_id: nullishString,
  }),
);
export type ChatappSent = z.infer<typeof ChatappSentResponseSchema>;

export const ChatappTemplateSentResponseSchema = lazySchema(() =>
  z.looseObject({
    ...ChatappSentResponseSchema.shape,
    template_name: nullishString,
  }),
);
export type ChatappTemplateSent = z.infer<typeof ChatappTemplateSentResponseSchema>;
