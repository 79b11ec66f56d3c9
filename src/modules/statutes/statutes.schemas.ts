import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../http/schema-helpers.js';

export const SectionSchema = Type.Object(
  {
    code: Type.String({ description: 'Canonical citation of the section, without pinpoint: "D.C. Code § 2-1402.11"' }),
    section_number: Type.String(),
    section_title: Type.String(),
    text: Type.String({ description: 'Canonical text of the version in force on as_of (for a repeal: the last operative text)' }),
    history: Type.String(),
    cross_references: Type.Array(Type.String(), { description: 'Canonical citations' }),
    effective_as_of: Type.String({ format: 'date', description: 'The date from which the returned version is in force' }),
    status: Type.Union([Type.Literal('CURRENT'), Type.Literal('REPEALED'), Type.Literal('NOT_YET_EFFECTIVE')]),
    jurisdiction: Type.String({ description: 'Two-letter code' }),
  },
  { title: 'Section' },
);
export type SectionBody = Static<typeof SectionSchema>;

export const SectionParams = Type.Object({
  citation: Type.String({ minLength: 1, description: 'Any recognizable citation, URL-encoded as a whole' }),
});
export type SectionParams = Static<typeof SectionParams>;

export const SectionQuery = Type.Object({
  as_of: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD; default today (UTC)' })),
});
export type SectionQuery = Static<typeof SectionQuery>;

const CodeSummarySchema = Type.Object(
  {
    name: Type.String({ description: 'The code as canonical citations name it: "D.C. Code"' }),
    section_count: Type.Integer(),
    repealed_count: Type.Integer({ description: 'Sections whose latest version is a repeal' }),
    version_count: Type.Integer(),
    earliest_effective_date: Nullable(Type.String({ format: 'date' })),
    latest_effective_date: Nullable(Type.String({ format: 'date', description: 'The latest date on which a version took effect' })),
    latest_publication_date: Nullable(Type.String({ format: 'date' })),
  },
  { title: 'StatuteCode' },
);

export const JurisdictionsSchema = Type.Object(
  {
    jurisdictions: Type.Array(
      Type.Object(
        {
          jurisdiction: Type.String(),
          section_count: Type.Integer(),
          earliest_effective_date: Nullable(Type.String({ format: 'date' })),
          latest_effective_date: Nullable(Type.String({ format: 'date' })),
          codes: Type.Array(CodeSummarySchema),
          titles: Type.Optional(
            Type.Array(
              Type.Object(
                { number: Type.String(), name: Nullable(Type.String()), section_count: Type.Integer() },
                { title: 'LoadedTitle' },
              ),
              { description: 'Extension: the titles (or chapters) the loaded corpus holds, e.g. to see that 28 U.S.C. is absent' },
            ),
          ),
          publications: Type.Optional(
            Type.Array(
              Type.Object({ published: Type.String({ format: 'date' }), titles: Type.Array(Type.String()) }, { title: 'LoadedPublication' }),
              { description: 'Extension: the publications imported, oldest first, with the titles each contains' },
            ),
          ),
        },
        { title: 'SupportedJurisdiction' },
      ),
    ),
  },
  { title: 'Jurisdictions' },
);
export type JurisdictionsBody = Static<typeof JurisdictionsSchema>;
