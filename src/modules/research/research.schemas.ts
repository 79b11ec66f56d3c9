import { Type } from '@sinclair/typebox';

const AsOf = Type.Optional(Type.String({ description: 'ISO date YYYY-MM-DD; the law in force on that date. Default: today (UTC).' }));
const Jurisdiction = Type.String({ description: 'Two-letter code: US, DC, PR or a state' });

export const CitationSchema = Type.Object(
  {
    code: Type.String({ description: 'Canonical citation of the section' }),
    section_number: Type.String(),
    section_title: Type.String(),
    quote: Type.String({ description: 'Verbatim text of the cited version' }),
    effective_as_of: Type.String({ format: 'date', description: 'The date from which the quoted version is in force' }),
    status: Type.Union([Type.Literal('CURRENT'), Type.Literal('REPEALED'), Type.Literal('NOT_YET_EFFECTIVE')]),
  },
  { title: 'Citation' },
);

export const AskBodySchema = Type.Object({ question: Type.String(), jurisdiction: Jurisdiction, as_of: AsOf }, { title: 'AskRequest' });
const ConfidenceSchema = Type.Union([Type.Literal('HIGH'), Type.Literal('MEDIUM'), Type.Literal('LOW')], {
  description: 'HIGH only when a quote states the answer; LOW when no loaded provision holds the substance of the question (the answer then says so)',
});

export const AskResponseSchema = Type.Object(
  {
    answer: Type.String(),
    citations: Type.Array(CitationSchema, { minItems: 1 }),
    jurisdiction: Type.String(),
    confidence: ConfidenceSchema,
  },
  { title: 'AnswerResult' },
);

export const CompareBodySchema = Type.Object(
  { question: Type.String(), jurisdictions: Type.Array(Jurisdiction, { description: '1 to 60 distinct codes' }), as_of: AsOf },
  { title: 'CompareRequest' },
);
export const CompareResponseSchema = Type.Object(
  {
    results: Type.Array(
      Type.Object(
        {
          jurisdiction: Type.String(),
          answer: Type.String(),
          citations: Type.Array(CitationSchema, { minItems: 1 }),
          confidence: { ...ConfidenceSchema, description: 'Extension: computed as for POST /v1/ask' },
        },
        { title: 'ComparisonEntry' },
      ),
    ),
  },
  { title: 'ComparisonResult' },
);

export const CheckBodySchema = Type.Object({ assertion: Type.String(), jurisdiction: Jurisdiction, as_of: AsOf }, { title: 'CheckRequest' });
export const CheckResponseSchema = Type.Object(
  {
    verdict: Type.Union([Type.Literal('SUPPORTED'), Type.Literal('CONTRADICTED'), Type.Literal('NO_MATCH')]),
    explanation: Type.String({ description: 'Which words decided the verdict' }),
    citations: Type.Array(
      Type.Object(
        { code: Type.String(), quote: Type.String(), effective_as_of: Type.String({ format: 'date' }), status: Type.String() },
        { title: 'CheckCitation' },
      ),
      { minItems: 1 },
    ),
  },
  { title: 'AssertionResult' },
);
