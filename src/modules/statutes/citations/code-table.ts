/**
 * The codes the parser knows, one family per jurisdiction. Adding a state is one entry here.
 * Names are written once in their Bluebook spelling; alias-pattern.ts makes periods optional, lets '&'
 * match 'and' and accepts any case, so 'Cal. Civ. Code' also matches 'Cal Civ Code' and 'CAL. CIV. CODE'.
 * An optional trailing 'Ann.' / 'Annotated' is accepted after every name and is not part of the key.
 */
import type { CodeFamily } from './citation.types.js';
import {
  CA_SECTION,
  CO_SECTION,
  DC_SECTION,
  FL_SECTION,
  IL_SECTION,
  NY_SECTION,
  TX_SECTION,
  US_SECTION,
  VA_SECTION,
} from './section-shapes.js';

/** Shorthand for a California code whose full name is "<words> Code" (Civil Code, Penal Code, ...). */
function ca(abbrev: string, ...names: string[]): { codeName: string; names: string[] } {
  return { codeName: `Cal. ${abbrev} Code`, names: [`${abbrev} Code`, ...names] };
}

/** Shorthand for a Texas code: the Bluebook always cites them 'Tex. <X> Code Ann.'. */
function tx(abbrev: string, ...names: string[]): { codeName: string; names: string[] } {
  return { codeName: `Tex. ${abbrev} Code Ann.`, names: [`${abbrev} Code`, ...names] };
}

/** Shorthand for a New York consolidated law: 'N.Y. <X> Law'. */
function ny(abbrev: string, ...names: string[]): { codeName: string; names: string[] } {
  return { codeName: `N.Y. ${abbrev}`, names: [abbrev, ...names] };
}

export const CODE_FAMILIES: readonly CodeFamily[] = [
  {
    jurisdiction: 'US',
    prefixes: [''],
    sectionPattern: US_SECTION,
    letterCase: 'lower',
    titleFirst: true,
    maxTitle: 54,
    codes: [
      {
        codeName: 'U.S.C.',
        names: [
          'U.S.C.',
          'U.S.C.A.',
          'U.S.C.S.',
          'U.S. Code',
          'United States Code',
          'United States Code Service',
        ],
      },
    ],
  },
  {
    jurisdiction: 'DC',
    prefixes: [''],
    sectionPattern: DC_SECTION,
    letterCase: 'dc',
    codes: [
      {
        codeName: 'D.C. Code',
        names: [
          'D.C. Code',
          'D.C. Official Code',
          'D.C. Code Official',
          'District of Columbia Code',
          'District of Columbia Official Code',
          'Official Code of the District of Columbia',
          // Westlaw's citation form: DC ST § 42-3505.01
          'D.C. St.',
        ],
        trailingNames: [
          'D.C. Official Code',
          'D.C. Code',
          'District of Columbia Official Code',
          'District of Columbia Code',
        ],
      },
    ],
  },
  {
    jurisdiction: 'VA',
    prefixes: [''],
    sectionPattern: VA_SECTION,
    letterCase: 'upper',
    codes: [
      {
        codeName: 'Va. Code Ann.',
        names: ['Va. Code', 'Virginia Code', 'Code of Virginia', 'Code of Va.'],
        trailingNames: ['Code of Virginia', 'Code of Va.'],
      },
    ],
  },
  {
    jurisdiction: 'CO',
    prefixes: [''],
    sectionPattern: CO_SECTION,
    letterCase: 'lower',
    codes: [
      {
        codeName: 'Colo. Rev. Stat.',
        names: ['Colo. Rev. Stat.', 'Colo. Rev. Stats.', 'C.R.S.', 'Colorado Revised Statutes'],
        trailingNames: ['C.R.S.', 'Colo. Rev. Stat.', 'Colorado Revised Statutes'],
      },
    ],
  },
  {
    jurisdiction: 'CA',
    prefixes: ['Cal.', 'Calif.', 'California'],
    sectionPattern: CA_SECTION,
    letterCase: 'lower',
    codes: [
      ca('Bus. & Prof.', 'Business and Professions Code'),
      ca('Civ.', 'Civil Code'),
      // The Bluebook's 'Civ. Proc. Code' is the state's 'Code of Civil Procedure' ('Code Civ. Proc.' in California style).
      ca('Civ. Proc.', 'Code of Civil Procedure', 'Code Civ. Proc.', 'Civil Procedure Code', 'C.C.P.'),
      ca('Com.', 'Commercial Code'),
      ca('Corp.', 'Corporations Code'),
      ca('Educ.', 'Education Code', 'Ed. Code'),
      ca('Elec.', 'Elections Code'),
      ca('Evid.', 'Evidence Code'),
      ca('Fam.', 'Family Code'),
      ca('Fin.', 'Financial Code'),
      ca("Gov't", 'Government Code', 'Gov. Code'),
      ca('Health & Safety', 'Health & Saf. Code'),
      ca('Ins.', 'Insurance Code'),
      ca('Lab.', 'Labor Code'),
      ca('Penal', 'Pen. Code'),
      ca('Prob.', 'Probate Code'),
      ca('Pub. Res.', 'Public Resources Code'),
      ca('Pub. Util.', 'Public Utilities Code'),
      ca('Rev. & Tax.', 'Revenue and Taxation Code'),
      ca('Veh.', 'Vehicle Code'),
      ca('Water', 'Wat. Code'),
      ca('Welf. & Inst.', 'Welfare and Institutions Code'),
    ],
  },
  {
    jurisdiction: 'NY',
    prefixes: ['N.Y.', 'New York'],
    sectionPattern: NY_SECTION,
    letterCase: 'lower',
    codes: [
      ny('Gen. Oblig. Law', 'General Obligations Law', 'Gen. Obl. Law', 'G.O.L.'),
      ny('Penal Law', 'Penal Code'),
      {
        codeName: 'N.Y. C.P.L.R.',
        names: ['C.P.L.R.', 'Civ. Prac. Law & R.', 'Civil Practice Law and Rules'],
        // New York lawyers cite "CPLR 3211(a)(7)" without the state; the name is unambiguous.
        standaloneNames: ['C.P.L.R.'],
        // The Bluebook cites the CPLR by rule number alone: N.Y. C.P.L.R. 3211.
        sectionSign: false,
      },
      ny('Lab. Law', 'Labor Law'),
      ny('Real Prop. Law', 'Real Property Law', 'R.P.L.'),
      ny('Real Prop. Acts. Law', 'Real Property Actions and Proceedings Law', 'R.P.A.P.L.'),
      ny('Bus. Corp. Law', 'Business Corporation Law', 'B.C.L.'),
      ny('Dom. Rel. Law', 'Domestic Relations Law', 'D.R.L.'),
      ny('Exec. Law', 'Executive Law'),
      ny('Gen. Bus. Law', 'General Business Law', 'G.B.L.'),
      ny('Veh. & Traf. Law', 'Vehicle and Traffic Law', 'V.T.L.'),
      ny('Est. Powers & Trusts Law', 'Estates, Powers and Trusts Law', 'E.P.T.L.'),
      ny('Ins. Law', 'Insurance Law'),
      ny('Educ. Law', 'Education Law'),
      ny('Tax Law'),
      ny('Crim. Proc. Law', 'Criminal Procedure Law', 'C.P.L.'),
      ny('Civ. Rights Law', 'Civil Rights Law'),
      ny('Pub. Health Law', 'Public Health Law'),
      ny('Ltd. Liab. Co. Law', 'Limited Liability Company Law'),
    ],
  },
  {
    jurisdiction: 'TX',
    prefixes: ['Tex.', 'Texas'],
    sectionPattern: TX_SECTION,
    letterCase: 'lower',
    codes: [
      tx('Agric.', 'Agriculture Code'),
      tx('Alco. Bev.', 'Alcoholic Beverage Code'),
      tx('Bus. & Com.', 'Business and Commerce Code'),
      tx('Bus. Orgs.', 'Business Organizations Code'),
      tx('Civ. Prac. & Rem.', 'Civil Practice and Remedies Code'),
      tx('Educ.', 'Education Code'),
      tx('Elec.', 'Election Code'),
      tx('Est.', 'Estates Code'),
      tx('Fam.', 'Family Code'),
      tx('Fin.', 'Finance Code'),
      tx("Gov't", 'Government Code'),
      tx('Health & Safety', 'Health and Safety Code'),
      tx('Hum. Res.', 'Human Resources Code'),
      tx('Ins.', 'Insurance Code'),
      tx('Lab.', 'Labor Code'),
      tx("Loc. Gov't", 'Local Government Code'),
      tx('Nat. Res.', 'Natural Resources Code'),
      tx('Occ.', 'Occupations Code'),
      tx('Penal'),
      tx('Prop.', 'Property Code'),
      tx('Tax'),
      tx('Transp.', 'Transportation Code'),
      tx('Util.', 'Utilities Code'),
      tx('Water'),
    ],
  },
  {
    jurisdiction: 'FL',
    prefixes: [''],
    sectionPattern: FL_SECTION,
    letterCase: 'lower',
    codes: [
      {
        codeName: 'Fla. Stat.',
        names: ['Fla. Stat.', 'Fla. Stats.', 'Florida Statutes', 'F.S.'],
        trailingNames: ['Fla. Stat.', 'Florida Statutes', 'F.S.'],
      },
    ],
  },
  {
    jurisdiction: 'IL',
    prefixes: [''],
    sectionPattern: IL_SECTION,
    letterCase: 'lower',
    titleFirst: true,
    // The Bluebook writes 735 Ill. Comp. Stat. 5/13-202, with no section sign.
    sectionSign: false,
    maxTitle: 999,
    codes: [{ codeName: 'Ill. Comp. Stat.', names: ['Ill. Comp. Stat.', 'I.L.C.S.', 'Illinois Compiled Statutes'] }],
  },
];
