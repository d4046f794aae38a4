import { InvalidInputError } from '../errors';
import type { Call } from '../http';
import { parseInput } from '../issues';
import { collectAll, type Page, pageAll } from '../pager';
import {
  type ChatappSent,
  ChatappSentResponseSchema,
  type ChatappTemplateSent,
  ChatappTemplateSentResponseSchema,
  type SendChatappInput,
  SendChatappInputSchema,
  type SendChatappTemplateInput,
  SendChatappTemplateInputSchema,
} from '../schemas/chatapp';
import { SuccessResponseSchema } from '../schemas/common';
import {
  AddTagsInputSchema,
  type Enrollment,
  EnrollmentResponseSchema,
  LEAD_DETAIL_INCLUDES,
  LEAD_FILTER_NAMES,
  LEAD_LIST_INCLUDES,
  type Lead,
  type LeadDetailInclude,
  type LeadFilters,
  LeadFiltersSchema,
  LeadIdResponseSchema,
  type LeadInput,
  LeadInputSchema,
  LeadListResponseSchema,
  LeadResponseSchema,
  LeadTagsResponseSchema,
  type LeadTagsResult,
  LeadUpsertResponseSchema,
  type MarkLostInput,
  MarkLostInputSchema,
  type MarkWonInput,
  MarkWonInputSchema,
  type MoveStageInput,
  MoveStageInputSchema,
  type Unenrollment,
  UnenrollmentResponseSchema,
  type UpsertLeadInput,
  UpsertLeadInputSchema,
} from '../schemas/leads';
import { idSegment, textSegment } from './paths';

/** The page size exports use: the contract's maximum, so a big list costs fewest requests. */
export const LEADS_MAX_PER_PAGE = 200;

function checkIncludes(
  tokens: unknown,
  allowed: readonly string[],
  where: string,
): string[] | undefined {
  if (tokens === undefined) return undefined;
  if (!Array.isArray(tokens)) {
    throw new InvalidInputError(
      `${where} include must be a list of tokens such as ["owner"].`,
      'bug',
    );
  }
  for (const token of tokens) {
    if (typeof token === 'string' && allowed.includes(token)) continue;
    const detailOnly = typeof token === 'string' && LEAD_DETAIL_INCLUDES.some((t) => t === token);
    // core/query checks a formula's include first and says it in words (queryIncludeSingleLead).
    if (detailOnly) {
      throw new InvalidInputError(
        `include "${token}" is honoured only when reading one lead (leads.get), not on the list.`,
        'bug',
      );
    }
    throw new InvalidInputError(
      `include ${JSON.stringify(token)} is not a known token; use ${allowed.join(', ')}.`,
      'bug',
    );
  }
  return tokens as string[];
}

function parseFilters(filters: LeadFilters): LeadFilters {
  checkIncludes(filters.include, LEAD_LIST_INCLUDES, 'leads.list');
  return parseInput(
    LeadFiltersSchema,
    filters,
    'leads.list filters',
    `Filters: ${LEAD_FILTER_NAMES.join(', ')}.`,
  );
}

export function leadsApi(call: Call) {
  const lead = (id: number) => `/leads/${idSegment(id, 'lead id')}`;

  function list(filters: LeadFilters = {}): Page<Lead> {
    const query = parseFilters(filters);
    const body = call({
      method: 'GET',
      endpoint: '/leads',
      path: '/leads',
      query,
      schema: LeadListResponseSchema,
    });
    return { data: body.data, meta: body.meta };
  }

  /** Lazily, one request per page, from `filters.page` (default 1); per_page defaults to 200. */
  function pages(filters: LeadFilters = {}) {
    const perPage = filters.per_page ?? LEADS_MAX_PER_PAGE;
    parseFilters({ ...filters, per_page: perPage });
    return pageAll((page) => list({ ...filters, page, per_page: perPage }), {
      startPage: filters.page ?? 1,
      perPage,
    });
  }

  return {
    /** `GET /leads`: one page. Pass `page` and `per_page` to walk the list step by step. */
    list,
    pages,
    /** Every matching lead (at most `limit`), page after page. */
    listAll(filters: LeadFilters = {}, options: { limit?: number } = {}): Lead[] {
      const perPage = filters.per_page ?? LEADS_MAX_PER_PAGE;
      parseFilters({ ...filters, per_page: perPage });
      return collectAll((page) => list({ ...filters, page, per_page: perPage }), {
        startPage: filters.page ?? 1,
        perPage,
        limit: options.limit,
      });
    },

    /** `GET /leads/{id}`, with any include token (detail-only ones too). */
    get(id: number, include?: readonly LeadDetailInclude[]): Lead {
      const tokens = checkIncludes(include, LEAD_DETAIL_INCLUDES, 'leads.get');
      return call({
        method: 'GET',
        endpoint: '/leads/{id}',
        path: lead(id),
        query: { include: tokens },
        schema: LeadResponseSchema,
      }).lead;
    },

    create(input: LeadInput): Lead {
      const body = parseInput(LeadInputSchema, input, 'leads.create');
      return call({
        method: 'POST',
        endpoint: '/leads',
        path: '/leads',
        body,
        schema: LeadResponseSchema,
      }).lead;
    },

    /** `POST /leads/upsert`: `created` tells whether a new lead was made. */
    upsert(input: UpsertLeadInput): { created: boolean; lead: Lead } {
      const body = parseInput(UpsertLeadInputSchema, input, 'leads.upsert');
      const result = call({
        method: 'POST',
        endpoint: '/leads/upsert',
        path: '/leads/upsert',
        body,
        schema: LeadUpsertResponseSchema,
      });
      return { created: result.created, lead: result.lead };
    },

    moveStage(id: number, input: MoveStageInput): { lead_id: number } {
      const body = parseInput(MoveStageInputSchema, input, 'leads.moveStage');
      const path = `${lead(id)}/stage`;
      return call({
        method: 'PUT',
        endpoint: '/leads/{id}/stage',
        path,
        body,
        schema: LeadIdResponseSchema,
      });
    },

    markWon(id: number, input: MarkWonInput): { lead_id: number } {
      const body = parseInput(MarkWonInputSchema, input, 'leads.markWon');
      const path = `${lead(id)}/won`;
      return call({
        method: 'PUT',
        endpoint: '/leads/{id}/won',
        path,
        body,
        schema: LeadIdResponseSchema,
      });
    },

    markLost(id: number, input: MarkLostInput): { lead_id: number } {
      const body = parseInput(MarkLostInputSchema, input, 'leads.markLost');
      const path = `${lead(id)}/lost`;
      return call({
        method: 'PUT',
        endpoint: '/leads/{id}/lost',
        path,
        body,
        schema: LeadIdResponseSchema,
      });
    },

    delete(id: number): void {
      call({
        method: 'DELETE',
        endpoint: '/leads/{id}',
        path: lead(id),
        schema: SuccessResponseSchema,
        allowEmpty: true,
      });
    },

    /** Adds tags; existing ones are kept. Returns the lead's tags. */
    addTags(id: number, tags: readonly string[]): LeadTagsResult {
      const list = parseInput(AddTagsInputSchema, tags, 'leads.addTags tags');
      return call({
        method: 'POST',
        endpoint: '/leads/{id}/tags',
        path: `${lead(id)}/tags`,
        body: { tags: list },
        schema: LeadTagsResponseSchema,
      });
    },

    /** Removes one tag (its name is percent-encoded in the path). Returns the remaining tags. */
    removeTag(id: number, tag: string): LeadTagsResult {
      return call({
        method: 'DELETE',
        endpoint: '/leads/{id}/tags/{tag_name}',
        path: `${lead(id)}/tags/${textSegment(tag, 'tag name')}`,
        schema: LeadTagsResponseSchema,
      });
    },

    enrollSequence(id: number, sequenceId: number): Enrollment {
      return call({
        method: 'POST',
        endpoint: '/leads/{id}/enroll-sequence',
        path: `${lead(id)}/enroll-sequence`,
        body: { sequence_id: Number(idSegment(sequenceId, 'sequence id')) },
        schema: EnrollmentResponseSchema,
      });
    },

    unenrollSequence(id: number, sequenceId: number): Unenrollment {
      return call({
        method: 'DELETE',
        endpoint: '/leads/{id}/enroll-sequence/{sequence_id}',
        path: `${lead(id)}/enroll-sequence/${idSegment(sequenceId, 'sequence id')}`,
        schema: UnenrollmentResponseSchema,
      });
    },

    /** A text or image message (`send-chatapp`). */
    sendChatapp(id: number, input: SendChatappInput): ChatappSent {
      const body = parseInput(SendChatappInputSchema, input, 'leads.sendChatapp');
      return call({
        method: 'POST',
        endpoint: '/leads/{id}/send-chatapp',
        path: `${lead(id)}/send-chatapp`,
        body,
        schema: ChatappSentResponseSchema,
      });
    },

    /**
     * An approved template. Empty or multi-line variables are refused here, before any request,
     * since the provider would reject the whole send.
     */
    sendChatappTemplate(id: number, input: SendChatappTemplateInput): ChatappTemplateSent {
      const body = parseInput(SendChatappTemplateInputSchema, input, 'leads.sendChatappTemplate');
      return call({
        method: 'POST',
        endpoint: '/leads/{id}/send-chatapp-template',
        path: `${lead(id)}/send-chatapp-template`,
        body,
        schema: ChatappTemplateSentResponseSchema,
      });
    },
  };
}

export type LeadsApi = ReturnType<typeof leadsApi>;
