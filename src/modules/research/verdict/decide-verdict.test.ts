import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decideVerdict, type VerdictOptions } from './decide-verdict.js';
import { fixtureSection } from '../ask/__fixtures__/sections.js';
import type { Provision } from './verdict.types.js';

// Sentences copied from the D.C. Code (publication 2024-10-20) and the Code of Virginia, laid out as
// section text with paragraph designations on their own lines.
const DC_42_3505_54: Provision = {
  id: 'D.C. Code § 42-3505.54',
  text: `(a) A residential tenancy from month-to-month may be terminated by a 30-day notice in writing only from the tenant to the housing provider of the tenant's intention to quit. The notice shall expire on the first day of the first month at least 30 days after the date of the notice.
(b) A housing provider shall not place or cause to be placed in a residential lease or rental agreement a requirement that the tenant provide more than a 30-day notice to the housing provider of the tenant's intention to vacate the premises, unless the lease or agreement also requires the housing provider to provide the tenant with a written notice of any rent increase that is at least 30 days more than that time period.`,
};
const DC_42_3505_01: Provision = {
  id: 'D.C. Code § 42-3505.01',
  text: `(a-1)
(1) A housing provider shall provide the tenant with notice of the housing provider's intent to file a claim against a tenant to recover possession of a rental unit for the non-payment of rent at least 30 days before filing the claim; except, that the housing provider shall not issue such notice if the amount of rent that the tenant has failed to pay is less than $600.
(b) A housing provider may recover possession of a rental unit when the tenant is violating an obligation of the tenancy, other than nonpayment of rent, and fails to correct the violation within 30 days after receiving notice from the housing provider.`,
};
const DC_12_301: Provision = {
  id: 'D.C. Code § 12-301',
  text: `[(a)] Except as otherwise specifically provided by law, actions for the following purposes may not be brought after the expiration of the period specified below from the time the right to maintain the action accrues:
(1) for the recovery of lands, tenements, or hereditaments— 15 years;
(4) for libel, slander, assault, battery, mayhem, wounding, malicious prosecution, false arrest or false imprisonment— 1 year;
(7) on a simple contract, express or implied— 3 years;`,
};
const DC_16_902: Provision = {
  id: 'D.C. Code § 16-902',
  text: `(a) Except as provided in subsection (b) of this section, no action for divorce or legal separation shall be maintainable unless one of the parties to the marriage has been a bona fide resident of the District of Columbia for at least 6 months next preceding the commencement of the action.`,
};
const DC_32_1303: Provision = {
  id: 'D.C. Code § 32-1303',
  text: `(1) Whenever an employer discharges an employee, the employer shall pay the employee’s wages earned not later than the working day following such discharge.
(2) Whenever an employee (not having a written contract of employment for a period in excess of 30 days) quits or resigns, the employer shall pay the employee’s wages due upon the next regular payday or within 7 days from the date of quitting or resigning, whichever is earlier.
(4) If an employer fails to pay an employee wages earned as required under paragraphs (1), (2), and (3) of this section, such employer shall pay, or be additionally liable to, the employee, as liquidated damages, 10 per centum of the unpaid wages for each working day during which such failure shall continue after the day upon which payment is hereunder required, or an amount equal to treble the unpaid wages, whichever is smaller.`,
};
const DC_47_2002: Provision = {
  id: 'D.C. Code § 47-2002',
  text: `(1) The rate of tax shall be 18% of the gross receipts from the sale of or charges for the service of parking or storing of motor vehicles or trailers, except the service of parking or storing of motor vehicles or trailers on a parking lot owned or operated by the Washington Metropolitan Area Transit Authority and located adjacent to a Washington Metropolitan Area Transit Authority passenger stop or station;`,
};
const VA_18_2_10: Provision = {
  id: 'Va. Code Ann. § 18.2-10',
  text: `The authorized punishments for conviction of a felony are:
(a) For Class 1 felonies, imprisonment for life and, subject to subdivision (g), a fine of not more than $100,000.
(d) For Class 4 felonies, a term of imprisonment of not less than two years nor more than 10 years and, subject to subdivision (g), a fine of not more than $100,000.
(e) For Class 5 felonies, a term of imprisonment of not less than one year nor more than 10 years, or in the discretion of the jury or the court trying the case without a jury, confinement in jail for not more than 12 months and a fine of not more than $2,500, either or both.`,
};
const ALL = [DC_42_3505_54, DC_42_3505_01, DC_12_301, DC_16_902, DC_32_1303, DC_47_2002, VA_18_2_10];

/** The threshold the check use case passes for provisions retrieved as relevant. */
const RETRIEVED = { noMatchThreshold: 0.25 };

function check(assertion: string, provisions: Provision[] = ALL, options: VerdictOptions = {}) {
  const d = decideVerdict(assertion, provisions, options);
  assert.ok(d.confidence >= 0 && d.confidence <= 1, `confidence ${d.confidence}`);
  if (d.verdict !== 'NO_MATCH') {
    const p = provisions.find((x) => x.id === d.provisionId);
    assert.ok(p !== undefined && d.quote !== null && p.text.includes(d.quote), 'quote is a verbatim substring of the deciding provision');
  }
  return d;
}

describe('decideVerdict on D.C. eviction notice, 42-3505.01(a-1)', () => {
  test('faithful paraphrase is SUPPORTED, citing the figure', () => {
    const d = check('A landlord must give the tenant notice at least 30 days before filing a claim to recover possession for non-payment of rent.');
    assert.equal(d.verdict, 'SUPPORTED');
    assert.equal(d.provisionId, 'D.C. Code § 42-3505.01');
    assert.match(d.explanation, /at least 30 days/);
  });
  test('a changed period is CONTRADICTED and the explanation names both figures', () => {
    const d = check('A housing provider must give the tenant notice at least 15 days before filing a claim to recover possession for non-payment of rent.');
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /"at least 15 days" but D\.C\. Code § 42-3505\.01 says "at least 30 days"/);
  });
  test('the same period in other words ("one month") is SUPPORTED', () => {
    assert.equal(check('A housing provider must give a tenant one month of notice before filing a claim to recover possession for non-payment of rent.').verdict, 'SUPPORTED');
  });
  test('changed money is CONTRADICTED', () => {
    const d = check('A housing provider shall not issue a notice of intent to file for non-payment when the rent the tenant failed to pay is less than $1,000.');
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /\$600/);
  });
  test('the money threshold in words ("600 dollars") is SUPPORTED', () => {
    assert.equal(check('A housing provider shall not issue a notice of intent to file for non-payment when the rent the tenant failed to pay is less than 600 dollars.').verdict, 'SUPPORTED');
  });
  test('the negation removed ("shall not issue" → "may issue") is CONTRADICTED', () => {
    const d = check('A housing provider may issue a notice of intent to file for non-payment when the rent the tenant failed to pay is less than $600.');
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /shall not/);
  });
  test('swapped parties (tenant ↔ housing provider) are CONTRADICTED', () => {
    const d = check('The tenant shall provide the housing provider with notice of intent to file a claim to recover possession of a rental unit for the non-payment of rent at least 30 days before filing the claim.');
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /housing provider shall/);
  });
});

describe('decideVerdict on D.C. 42-3505.54 (tenant notice)', () => {
  test('paraphrase SUPPORTED; changed period CONTRADICTED', () => {
    assert.equal(check('A month-to-month tenancy may be terminated by the tenant with a 30-day written notice to the housing provider.').verdict, 'SUPPORTED');
    const d = check('A month-to-month tenancy may be terminated by the tenant with a 15-day written notice to the housing provider.');
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /15-day/);
  });
  test('"may" turned into "must" is CONTRADICTED', () => {
    const d = check('A month-to-month tenancy must be terminated by a 30-day notice in writing from the tenant.');
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /"must" but .* "may"/);
  });
  test('the prohibition turned into a duty ("shall not place" → "shall place") is CONTRADICTED', () => {
    const d = check('A housing provider shall place in a residential lease a requirement that the tenant provide more than a 30-day notice of the intention to vacate.');
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /shall not/);
  });
});

describe('decideVerdict on periods, classes and rates', () => {
  test('12-301: one year for libel SUPPORTED, three years CONTRADICTED', () => {
    assert.equal(check('An action for libel or slander must be brought within one year.').verdict, 'SUPPORTED');
    const d = check('An action for libel or slander must be brought within three years.');
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /1 year/);
  });
  test('16-902: six months of residency SUPPORTED, one year CONTRADICTED', () => {
    assert.equal(check('A divorce action is maintainable only if one party has been a bona fide resident of the District for at least six months before the action.').verdict, 'SUPPORTED');
    assert.equal(check('A divorce action is maintainable only if one party has been a bona fide resident of the District for at least one year before the action.').verdict, 'CONTRADICTED');
  });
  test('18.2-10: Class 4 felony two to ten years SUPPORTED; three to ten CONTRADICTED; the Class 5 fine', () => {
    assert.equal(check('In Virginia, a Class 4 felony is punishable by two to ten years in prison.').verdict, 'SUPPORTED');
    assert.equal(check('In Virginia, a Class 4 felony is punishable by three to ten years in prison.').verdict, 'CONTRADICTED');
    assert.equal(check('A Class 5 felony carries a fine of not more than $2,500.').verdict, 'SUPPORTED');
    const d = check('A Class 5 felony carries a fine of not more than $5,000.');
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /\$2,500/);
  });
  test('47-2002: parking tax 18 percent SUPPORTED, 20% CONTRADICTED', () => {
    assert.equal(check('The sales tax rate on charges for parking motor vehicles is eighteen percent of gross receipts.').verdict, 'SUPPORTED');
    assert.equal(check('The sales tax rate on charges for parking motor vehicles is 20% of gross receipts.').verdict, 'CONTRADICTED');
  });
  test('32-1303: wages within 7 days SUPPORTED, 14 days CONTRADICTED; swapped employer/employee CONTRADICTED', () => {
    assert.equal(check('When an employee quits or resigns, the employer shall pay the wages due within 7 days from the date of quitting.').verdict, 'SUPPORTED');
    assert.equal(check('When an employee quits or resigns, the employer shall pay the wages due within 14 days from the date of quitting.').verdict, 'CONTRADICTED');
    assert.equal(check('Liquidated damages of 10 per centum of the unpaid wages for each working day are owed by the employer.').verdict, 'SUPPORTED');
    const swapped = check('Whenever an employer discharges an employee, the employee shall pay the employer’s wages earned not later than the working day following such discharge.');
    assert.equal(swapped.verdict, 'CONTRADICTED');
  });
});

describe('decideVerdict NO_MATCH', () => {
  test('an unrelated topic is NO_MATCH with no quote', () => {
    const d = check('Skiers assume the inherent risks of skiing and cannot sue ski-area operators for injuries.');
    assert.equal(d.verdict, 'NO_MATCH');
    assert.equal(d.quote, null);
    assert.equal(d.provisionId, null);
    assert.match(d.explanation, /ski/i);
  });
  test('no provisions at all is NO_MATCH', () => {
    assert.equal(decideVerdict('Tenants must get 30 days of notice.', []).verdict, 'NO_MATCH');
  });
});

describe('list items are read with their lead-in', () => {
  // D.C. Code § 34-1311.03 (2024-10-20): the modal sits in the lead-in, the action in the items.
  const DC_34_1311_03: Provision = {
    id: 'D.C. Code § 34-1311.03',
    text: `Section 2-356.04 shall apply to procurements for architectural and engineering services, as that term is defined in § 2-351.04(3), to carry out the purposes of this chapter, however, the District may:
(1) Set aside contracts for such services for certified business enterprises and certified joint ventures in which a certified business enterprise holds a majority interest; or
(2) Award preferences to certified business enterprises as provided in § 2-218.43 as part of the evaluation of statements of qualifications submitted in response to a request for qualifications.`,
  };
  test('"must" against an item under "may:" is CONTRADICTED, quoting the lead-in through the item', () => {
    const d = decideVerdict('For architectural and engineering services, the District must set aside contracts for certified business enterprises.', [DC_34_1311_03]);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /says "may"/);
    assert.ok(d.quote?.startsWith('Section 2-356.04') && d.quote.includes('(1) Set aside contracts'));
    assert.ok(DC_34_1311_03.text.includes(d.quote ?? '-'));
  });
  test('"may" against the same item is SUPPORTED', () => {
    const d = decideVerdict('For architectural and engineering services, the District may set aside contracts for certified business enterprises.', [DC_34_1311_03]);
    assert.equal(d.verdict, 'SUPPORTED');
  });
});

describe('a figure in an exception decides when the assertion is about the exception', () => {
  // 37 U.S.C. § 372(b)(2) (release point 119-36).
  const USC_37_372: Provision = {
    id: '37 U.S.C. § 372',
    text: '(2) One year after the date on which the member is first hospitalized for the treatment of the wound, injury, or illness, except that the Secretary concerned may extend the termination date in six-month increments.',
  };
  test('six-month extensions are SUPPORTED, three-month ones CONTRADICTED', () => {
    assert.equal(decideVerdict('The Secretary concerned may extend the termination date of a hospitalized member\'s pay in six-month increments.', [USC_37_372]).verdict, 'SUPPORTED');
    assert.equal(decideVerdict('The Secretary concerned may extend the termination date of a hospitalized member\'s pay in three-month increments.', [USC_37_372]).verdict, 'CONTRADICTED');
  });
  test('the rule\'s own period still decides an assertion about the rule', () => {
    const d = decideVerdict('Pay continues until six months after the member is first hospitalized for the treatment of the wound.', [USC_37_372]);
    assert.equal(d.verdict, 'CONTRADICTED');
  });
});

describe('a negated plain statement against a declaratory "shall not be" (Colo. Rev. Stat. § 2-3-204(1))', () => {
  const CRS_2_3_204: Provision = {
    id: 'Colo. Rev. Stat. § 2-3-204',
    text: 'The staff director and such additional personnel shall be appointed without reference to affiliation and solely on the basis of ability to perform the duties of the position. They shall be employees of the general assembly and shall not be subject to the state personnel system laws.',
  };
  test('"are not subject to" says what "shall not be subject to" says', () => {
    assert.equal(check('The staff director and such additional personnel are employees of the general assembly and are not subject to the state personnel system laws.', [CRS_2_3_204]).verdict, 'SUPPORTED');
  });
  test('the positive statement still conflicts with it', () => {
    assert.equal(check('The staff director and such additional personnel are employees of the general assembly and are subject to the state personnel system laws.', [CRS_2_3_204]).verdict, 'CONTRADICTED');
  });
});

describe('SUPPORTED needs the provision to be about what the assertion is about', () => {
  // D.C. Code § 1-819.06 (Full faith and credit), whole, as /v1/check hands a retrieved section to
  // the rules (research.usecases.ts: a lower topic bar for sections retrieved as relevant).
  const DC_1_819_06: Provision = { id: 'D.C. Code § 1-819.06', text: 'Federal obligations for benefits under this chapter are backed by the full faith and credit of the United States.' };
  const retrieved = (assertion: string) => decideVerdict(assertion, [DC_1_819_06], { noMatchThreshold: 0.35 });
  test('a section on obligations for benefits does not support the same words said of loans', () => {
    const decision = retrieved('Federal loans under this chapter are backed by the full faith and credit of the United States.');
    assert.equal(decision.verdict, 'NO_MATCH');
    assert.match(decision.explanation, /not of what the assertion is about \("loans"\)/);
  });
  test('said of what the section is about, the claim is supported', () => {
    assert.equal(retrieved('Federal obligations for benefits under this chapter are backed by the full faith and credit of the United States.').verdict, 'SUPPORTED');
  });
});

describe('a negated plain statement against a declaratory "shall be" + noun (13 U.S.C. § 241)', () => {
  const USC_13_241: Provision = {
    id: '13 U.S.C. § 241',
    text: 'When any request for information, made by the Secretary or other authorized officer or employee of the Department of Commerce or bureau or agency thereof, is made by registered or certified mail or telegram, the return receipt therefor or other written receipt thereof shall be prima facie evidence of an official request in any prosecution under such section.',
  };
  test('"is not evidence" is CONTRADICTED by "shall be prima facie evidence"', () => {
    const d = check('Under federal census law, the return receipt for a request for information sent by registered mail is not evidence of an official request.', [USC_13_241]);
    assert.equal(d.verdict, 'CONTRADICTED');
  });
  test('the faithful paraphrase is SUPPORTED', () => {
    const d = check('Under federal census law, the return receipt for a request for information sent by registered or certified mail is prima facie evidence of an official request.', [USC_13_241]);
    assert.equal(d.verdict, 'SUPPORTED');
  });
});

describe('"commits a class 2 misdemeanor" is the class claimed (Colo. Rev. Stat. § 6-2-116)', () => {
  const CRS_6_2_116: Provision = {
    id: 'Colo. Rev. Stat. § 6-2-116',
    text: 'Any person, firm, or corporation, whether as principal, agent, officer, or director, for himself, herself, or itself, or for another person, or for any firm or corporation who violates any of the provisions of sections 6-2-103 to 6-2-108 or section 6-2-110 commits a class 2 misdemeanor for each single violation.',
  };
  test('the same class is SUPPORTED, another CONTRADICTED, naming both', () => {
    assert.equal(check('In Colorado, a person who violates sections 6-2-103 to 6-2-108 commits a class 2 misdemeanor for each single violation.', [CRS_6_2_116]).verdict, 'SUPPORTED');
    const d = check('In Colorado, a person who violates sections 6-2-103 to 6-2-108 commits a class 1 misdemeanor for each single violation.', [CRS_6_2_116]);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /class 1 misdemeanor.*class 2 misdemeanor/);
  });
});

describe('the sentence whose modal governs the assertion\'s action decides (Colo. Rev. Stat. § 14-13-207(2), (3))', () => {
  const CRS_14_13_207: Provision = {
    id: 'Colo. Rev. Stat. § 14-13-207',
    text: '(2) Before determining whether it is an inconvenient forum, a court of this state shall consider whether it is appropriate for a court of another state to exercise jurisdiction. For this purpose, the court shall allow the parties to submit information and shall consider all relevant factors, including:\n(a) Whether domestic violence or domestic abuse has occurred and is likely to continue in the future and which state could best protect the parties and the child;\n(3) If a court of this state determines that it is an inconvenient forum and that a court of another state is a more appropriate forum, it shall stay the proceedings upon condition that a child-custody proceeding be promptly commenced in another designated state and may impose any other condition the court considers just and proper.',
  };
  test('"need not allow the parties to submit information" is CONTRADICTED by "shall allow"', () => {
    const d = decideVerdict('Before deciding whether it is an inconvenient forum, a Colorado court need not allow the parties to submit information.', [CRS_14_13_207], { noMatchThreshold: 0.35 });
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.quote ?? '', /shall allow the parties to submit information/);
  });
});

describe('an opposite word outweighs a matched figure (D.C. Code § 26-1209)', () => {
  const DC_26_1209: Provision = {
    id: 'D.C. Code § 26-1209',
    text: 'The proposed rules shall be submitted to the Council for a 45-day review period, excluding Saturdays, Sundays, legal holidays, and days of Council recess. If the Council does not approve or disapprove the proposed rules, in whole or in part, by resolution within this 45-day review period, the proposed rules shall be deemed approved.',
  };
  test('"deemed disapproved" within the 45 days is CONTRADICTED by "deemed approved"', () => {
    const d = check('If the Council does not approve or disapprove the proposed rules within the 45-day review period, the proposed rules are deemed disapproved.', [DC_26_1209]);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.equal(d.explanation, 'The assertion says "disapproved" where D.C. Code § 26-1209 says "approved".');
  });
  test('"deemed approved" is SUPPORTED', () => {
    assert.equal(check('If the Council does not approve or disapprove the proposed rules within the 45-day review period, the proposed rules are deemed approved.', [DC_26_1209]).verdict, 'SUPPORTED');
  });
});

describe('the action a modal governs, read through "keep …ing" and coordinated verbs', () => {
  // 37 U.S.C. § 373(a) and D.C. Code § 32-1504(b), cut to the sentences compared.
  const USC_37_373: Provision = {
    id: '37 U.S.C. § 373',
    text: '(a) Repayment and Termination.— Except as provided in subsection (b), a member of the uniformed services who is paid a bonus, incentive pay, or similar benefit, the receipt of which is contingent upon the member’s satisfaction of certain service or eligibility requirements, shall repay to the United States any unearned portion of the bonus, incentive pay, or similar benefit if the member fails to satisfy any such service or eligibility requirement, and the member may not receive any unpaid amounts of the bonus, incentive pay, or similar benefit after the member fails to satisfy such service or eligibility requirement.',
  };
  const DC_32_1504: Provision = {
    id: 'D.C. Code § 32-1504',
    text: '(b) The compensation to which an employee is entitled under this chapter shall constitute the employee’s exclusive remedy against the employer; provided, that if an employer fails to secure payment of compensation as required by this chapter, an injured employee, or his legal representative in case death results from the injury, may elect to claim compensation under this chapter, or to maintain an action at law for damages on account of such injury or death.',
  };
  test('"may keep receiving the unpaid amounts" is CONTRADICTED by "may not receive any unpaid amounts"', () => {
    const d = check('A member of the uniformed services who fails to satisfy the service requirements of a bonus may keep receiving the unpaid amounts of the bonus.', [USC_37_373]);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.equal(d.explanation, 'The assertion says "may" but 37 U.S.C. § 373 says "may not".');
  });
  test('"may not maintain an action at law" is CONTRADICTED by "may elect to claim compensation …, or to maintain an action at law"', () => {
    const d = check('If a D.C. employer fails to secure payment of compensation, the injured employee may not maintain an action at law for damages.', [DC_32_1504]);
    assert.equal(d.verdict, 'CONTRADICTED');
  });
  test('"may maintain an action at law" is SUPPORTED', () => {
    assert.equal(check('If a D.C. employer fails to secure payment of compensation, the injured employee may maintain an action at law for damages.', [DC_32_1504]).verdict, 'SUPPORTED');
  });
});

describe('a modal governs the assertion\'s action when its clause holds what follows the action, whatever the verb', () => {
  // 14 U.S.C. § 3907(b), cut to the words compared (as published, "to tow Federal Government property"
  // falls past the 300 characters read after the modal), and D.C. Code § 34-1602 as published.
  const USC_14_3907: Provision = {
    id: '14 U.S.C. § 3907',
    text: '(b) Motor Vehicles.— The Coast Guard may utilize any motor vehicle placed at its disposition by any member of the Auxiliary to tow Federal Government property.',
  };
  const DC_34_1602: Provision = {
    id: 'D.C. Code § 34-1602',
    text: 'A laboratory shall be provided and fitted up by the Washington Gas Light Company, subject to the approval of the Public Service Commission, in the central part of the City of Washington, at a distance as near as may be, of 2,000 feet from any gasworks, and furnished with suitable apparatus for the transaction of the business of the Inspector and Assistant Inspectors of Gas and Meters, for which it is intended, and the laboratory shall be kept open on all business days between the hours of 9:00 a.m. and 4:00 p.m.; provided, that the cost of fitting up said laboratory shall be paid for by each gas company in the District of Columbia in proportion to their sale of gas for the year 1873.',
  };
  test('"may not use … to tow" is CONTRADICTED by "may utilize … to tow"', () => {
    const d = check('The Coast Guard may not use a motor vehicle placed at its disposition by a member of the Auxiliary to tow Federal Government property.', [USC_14_3907]);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.equal(d.explanation, 'The assertion says "may not" but 14 U.S.C. § 3907 says "may".');
  });
  test('"may use … to tow" is SUPPORTED', () => {
    assert.equal(check('The Coast Guard may use a motor vehicle placed at its disposition by a member of the Auxiliary to tow Federal Government property.', [USC_14_3907]).verdict, 'SUPPORTED');
  });
  test('the modal before the assertion\'s own verb decides, not an earlier one whose reach runs over it', () => {
    const d = check('The laboratory for testing the gas of the Washington Gas Light Company must be kept open on business days between 9:00 a.m. and 4:00 p.m.', [DC_34_1602]);
    assert.equal(d.verdict, 'SUPPORTED');
  });
  test('a verb said otherwise with too few words after it is not taken for the same action', () => {
    // "may not use it" holds one word after the verb: too little to stand for "utilize … to tow …".
    assert.notEqual(check('The Coast Guard may not use any motor vehicle.', [USC_14_3907]).verdict, 'CONTRADICTED');
  });
});

describe('explanations name the words on both sides, never a placeholder (D.C. Code § 42-3502.17(c))', () => {
  const DC_42_3502_17: Provision = {
    id: 'D.C. Code § 42-3502.17',
    text: `(c)(1) No housing provider shall withhold a security deposit for the replacement value of apartment items that are damaged due to ordinary wear and tear.
(2) A covenant or promise by a tenant to leave, restore, surrender, or yield a leased premises in good repair does not obligate the tenant to make substantial repairs, replace obsolete materials, or fix other defects without negligence or fault on the tenant's part.
(3) For the purposes of this subsection, the term "ordinary wear and tear" means deterioration that results from the intended use of a dwelling unit, including breakage or malfunction due to age or deteriorated condition.`,
  };
  test('a negation only the provision states is quoted with its verb', () => {
    const d = check("A tenant's promise to leave the leased premises in good repair obligates the tenant to make substantial repairs.", [DC_42_3502_17]);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.equal(d.explanation, 'D.C. Code § 42-3502.17 says "does not obligate", where the assertion states it without a negation.');
  });
  test('a negation only the assertion states, "n\'t" included', () => {
    const d = check("In D.C., ordinary wear and tear doesn't mean deterioration that results from the intended use of a dwelling unit.", [DC_42_3502_17]);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.equal(d.explanation, 'The assertion says "doesn\'t mean", where D.C. Code § 42-3502.17 states it without a negation.');
  });
  test('a plain statement against a prohibition', () => {
    const d = check('A housing provider withholds a security deposit for the replacement value of apartment items damaged due to ordinary wear and tear.', [DC_42_3502_17]);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.equal(d.explanation, 'The assertion states it as plain fact, but D.C. Code § 42-3502.17 says "No housing provider shall".');
  });
});

describe('the penalty sentence of a section states the figure for the conduct it describes (Va. Code Ann. § 18.2-87.1)', () => {
  const VA_18_2_87_1: Provision = {
    id: 'Va. Code Ann. § 18.2-87.1',
    text: 'It shall be unlawful for any person to willfully and intentionally set off or cause to be set off any chemical bomb capable of producing smoke in any building used for public assembly or regularly used by the public including, but not limited to, schools, theaters, stores, office buildings, shopping malls, coliseums and arenas. Any person convicted of a violation of this section shall be guilty of a Class 2 misdemeanor.',
  };
  test('the class it states is SUPPORTED, quoted from the rule through the penalty', () => {
    const d = check('In Virginia, willfully setting off a smoke-producing chemical bomb in a school is a Class 2 misdemeanor.', [VA_18_2_87_1]);
    assert.equal(d.verdict, 'SUPPORTED');
    assert.equal(d.quote, VA_18_2_87_1.text);
  });
  test('another class is CONTRADICTED', () => {
    const d = check('In Virginia, willfully setting off a smoke-producing chemical bomb in a school is a Class 4 felony.', [VA_18_2_87_1]);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.equal(d.explanation, 'The assertion says "Class 4 felony" but Va. Code Ann. § 18.2-87.1 says "Class 2 misdemeanor".');
  });
});

describe('the sentence that states the figure is weighed beside one that shares more words (Va. Code Ann. § 62.1-44.19:3.5(A))', () => {
  // The section and its neighbour, as the check use case retrieves them: the sentence on a vacated
  // operator's position shares more of the assertion's words but gives no period; the next one states it.
  const provisions = ['62.1-44.19:3.5', '62.1-44.19:3'].map((n) => ({ id: fixtureSection(n).citation, text: fixtureSection(n).text }));
  const assertion = (period: string) =>
    `When the licensed operator's position at a sewage treatment works is unexpectedly vacated, the owner has ${period} to tell the Department in writing who will handle interim operations.`;
  test('a period the provision states otherwise is CONTRADICTED, naming both', () => {
    const d = check(assertion('30 days'), provisions, RETRIEVED);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.equal(d.explanation, 'The assertion says "30 days" but Va. Code Ann. § 62.1-44.19:3.5 says "within five days".');
  });
  test('the period it states is SUPPORTED', () => {
    assert.equal(check(assertion('five days'), provisions, RETRIEVED).verdict, 'SUPPORTED');
  });
});

describe('an assertion that names its holder with an indefinite pronoun (39 U.S.C. § 3009(b))', () => {
  // Release point 119-36, the whole section (its soft hyphens as published). "Someone" and
  // "anything" once counted as words a sentence had to share, and the one that states the rule fell
  // under the topic bar.
  const provision: Provision = {
    id: '39 U.S.C. § 3009',
    text: `(a) Except for (1) free samples clearly and conspicuously marked as such, and (2) merchandise mailed by a charitable organization soliciting contributions, the mailing of un\u00adordered merchandise or of communications prohibited by subsection (c) of this section constitutes an unfair method of competition and an unfair trade practice in violation of section 45(a)(1) of title 15.
(b) Any merchandise mailed in violation of subsection (a) of this section, or within the exceptions contained therein, may be treated as a gift by the recipient, who shall have the right to retain, use, discard, or dispose of it in any manner he sees fit without any obligation whatsoever to the sender. All such merchandise shall have attached to it a clear and conspicuous statement informing the recipient that he may treat the merchandise as a gift to him and has the right to retain, use, discard, or dispose of it in any manner he sees fit without any obligation whatsoever to the sender.
(c) No mailer of any merchandise mailed in violation of subsection (a) of this section, or within the exceptions contained therein, shall mail to any recipient of such merchandise a bill for such merchandise or any dunning communications.
(d) For the purposes of this section, “un\u00adordered merchandise” means merchandise mailed without the prior expressed request or consent of the recipient.`,
  };
  test('is SUPPORTED by the sentence that states the rule', () => {
    const decision = decideVerdict('Someone who receives merchandise in the mail that they never ordered may keep it as a gift without owing the sender anything.', [provision]);
    assert.equal(decision.verdict, 'SUPPORTED');
    assert.equal(decision.provisionId, '39 U.S.C. § 3009');
  });
});

describe('"one of the parties" claims no figure (Colo. Rev. Stat. § 14-10-111(1))', () => {
  // As published, (1) and (f) of its list.
  const provision: Provision = {
    id: 'Colo. Rev. Stat. § 14-10-111',
    text: `(1) The district court shall enter its decree declaring the invalidity of a marriage entered into under the following circumstances:
(f) One or both parties entered into the marriage as a jest or dare.`,
  };
  test('a marriage entered into as a jest "cannot be declared invalid" is CONTRADICTED by "shall enter its decree declaring the invalidity", not SUPPORTED by "One"', () => {
    const decision = decideVerdict('In Colorado, a marriage that one of the parties entered into as a jest or dare cannot be declared invalid.', [provision]);
    assert.equal(decision.verdict, 'CONTRADICTED');
  });
});

describe('an opening that names the statute locates the claim; it is not what the claim says (Va. Code Ann. § 18.2-85)', () => {
  // As published, the definition of "Device" and the offence.
  const provision: Provision = {
    id: 'Va. Code Ann. § 18.2-85',
    text: `For the purpose of this section:
"Device" means any instrument, apparatus or contrivance, including its component parts, that is capable of producing or intended to produce an explosion but shall not include fireworks as defined in § 27-95.
Any person who (i) possesses materials with which fire bombs or explosive materials or devices can be made with the intent to manufacture fire bombs or explosive materials or devices or, (ii) manufactures, transports, distributes, possesses or uses a fire bomb or explosive materials or devices shall be guilty of a Class 5 felony.`,
  };
  // At the bar /v1/check sets for provisions retrieved as relevant (RETRIEVED_NO_MATCH_THRESHOLD).
  const options = { noMatchThreshold: 0.25 };
  test('"fireworks are not explosive devices" is SUPPORTED by the definition that excludes them', () => {
    const decision = decideVerdict("Under Virginia's fire bomb statute, fireworks are not explosive devices.", [provision], options);
    assert.equal(decision.verdict, 'SUPPORTED');
    assert.match(decision.quote ?? '', /shall not include fireworks/);
  });
  test('"fireworks count as explosive devices" is CONTRADICTED by it', () => {
    const decision = decideVerdict("Under Virginia's fire bomb statute, fireworks count as explosive devices.", [provision], options);
    assert.equal(decision.verdict, 'CONTRADICTED');
    assert.match(decision.quote ?? '', /shall not include fireworks/);
  });
});

describe('a savings clause keeps what it names as it was (D.C. Code § 10-213(b))', () => {
  // As published, subsection (b).
  const provision: Provision = {
    id: 'D.C. Code § 10-213',
    text: `(b) Nothing in this chapter contained shall be construed as affecting any rights under any existing lease or leases lawfully entered into by any agency mentioned or affected by this chapter, nor shall anything in this chapter contained be construed as affecting the right of any such agency in the future lawfully to enter into leases of land or premises under its control for recreational purposes.`,
  };
  test('"the chapter cancels existing leases" is CONTRADICTED, naming the verb', () => {
    const decision = decideVerdict("D.C.'s public recreation chapter cancels existing leases lawfully entered into by the agencies it affects.", [provision]);
    assert.equal(decision.verdict, 'CONTRADICTED');
    assert.equal(decision.explanation, 'The assertion says "cancels" where D.C. Code § 10-213 says "Nothing in this chapter contained shall be construed as affecting".');
  });
  test('"the chapter does not affect existing leases" is SUPPORTED', () => {
    assert.equal(decideVerdict("D.C.'s public recreation chapter does not affect existing leases lawfully entered into by the agencies.", [provision]).verdict, 'SUPPORTED');
  });
});

describe('a mirror duty with the roles swapped does not deny the duty a sentence beside it states (44 U.S.C. §§ 2905, 3106)', () => {
  // Release point 119-36: the sentence of 2905(a) on notifying, and 3106(a) cut after its first clause.
  const archivist: Provision = {
    id: '44 U.S.C. § 2905',
    text: 'The Archivist shall notify the head of a Federal agency of any actual, impending, or threatened unlawful removal, defacing, alteration, or destruction of records in the custody of the agency that shall come to the Archivist’s attention.',
  };
  const agency: Provision = {
    id: '44 U.S.C. § 3106',
    text: '(a) Federal Agency Notification.— The head of each Federal agency shall notify the Archivist of any actual, impending, or threatened unlawful removal, defacing, alteration, corruption, deletion, erasure, or other destruction of records in the custody of the agency.',
  };
  const assertion = "The head of a federal agency must notify the Archivist of any threatened unlawful destruction of records in the agency's custody.";
  test('SUPPORTED by the sentence that gives the duty to the assertion\'s holder, whichever comes first', () => {
    for (const provisions of [[archivist, agency], [agency, archivist]]) {
      const decision = decideVerdict(assertion, provisions);
      assert.equal(decision.verdict, 'SUPPORTED');
      assert.equal(decision.provisionId, '44 U.S.C. § 3106');
    }
  });
  test('with only the mirror duty, the swapped roles still contradict', () => {
    assert.equal(decideVerdict(assertion, [archivist]).verdict, 'CONTRADICTED');
  });
});

describe('a parenthesis does not use up the words read after a modal (14 U.S.C. § 3907(b))', () => {
  // Release point 119-36, subsection (b).
  const provision: Provision = {
    id: '14 U.S.C. § 3907',
    text: '(b) Motor Vehicles.— The Coast Guard may utilize to carry out its functions and duties as authorized by the Secretary any motor vehicle (as defined in section 30102 of title 49) placed at its disposition by any member of the Auxiliary, by any corporation, partnership, or association, or by any State or political subdivision thereof, to tow Federal Government property.',
  };
  test('"may not use a motor vehicle ... to tow Federal Government property" is CONTRADICTED by "may utilize ... to tow Federal Government property"', () => {
    const decision = decideVerdict('The Coast Guard may not use a motor vehicle placed at its disposition by a member of the Auxiliary to tow Federal Government property.', [provision]);
    assert.equal(decision.verdict, 'CONTRADICTED');
    assert.equal(decision.explanation, 'The assertion says "may not" but 14 U.S.C. § 3907 says "may".');
  });
  test('"may use" it so is SUPPORTED', () => {
    assert.equal(decideVerdict('The Coast Guard may use a motor vehicle placed at its disposition by a member of the Auxiliary to tow Federal Government property.', [provision]).verdict, 'SUPPORTED');
  });
});

describe('the section about what the assertion is about decides', () => {
  // D.C. Code § 1-819.06, whole, and § 8-1778.27(a), cut (publication 2024-10-20).
  const benefits: Provision = { id: 'D.C. Code § 1-819.06', text: 'Federal obligations for benefits under this chapter are backed by the full faith and credit of the United States.' };
  const energyBonds: Provision = {
    id: 'D.C. Code § 8-1778.27',
    text: '(a) The bonds shall be special obligations of the District payable solely and only from the amounts deposited in the respective Special Energy Assessment Bond Debt Service Accounts and Bond Proceeds Account of the National Capital Energy Fund established by § 8-1778.41. The bonds shall be without recourse to the District. The bonds shall not be general obligations of the District, shall not be a pledge of, or involve, the faith and credit or the taxing power of the District (other than the Special Assessment), shall not constitute a debt of the District, and shall not constitute lending of the public credit for private undertakings as prohibited in § 1-206.02(a)(2).',
  };
  test('the bonds\' own section, not the one sharing more words about benefits', () => {
    const decision = decideVerdict('Special energy assessment bonds issued by D.C. are backed by the full faith and credit of the District.', [benefits, energyBonds], { noMatchThreshold: 0.25 });
    assert.equal(decision.verdict, 'CONTRADICTED', decision.explanation);
    assert.equal(decision.provisionId, 'D.C. Code § 8-1778.27');
  });
  test('an assertion about the benefits keeps their section', () => {
    const decision = decideVerdict('Federal obligations for benefits under the chapter are backed by the full faith and credit of the United States.', [benefits, energyBonds], { noMatchThreshold: 0.25 });
    assert.equal(decision.verdict, 'SUPPORTED', decision.explanation);
    assert.equal(decision.provisionId, 'D.C. Code § 1-819.06');
  });
});

describe('a sentence cut at its ";" clauses is read whole', () => {
  // D.C. Code § 31-1309, whole (publication 2024-10-20): its third sentence is over 600 characters,
  // so the splitter cuts it at each ";".
  const section: Provision = {
    id: 'D.C. Code § 31-1309',
    text: 'In all proceedings and judicial reviews under § 31-1308, all records of the insurer, other documents, all Department of Insurance, Securities, and Banking files, court records, and papers, so far as they pertain to or are a part of the record of the proceedings, shall be and remain confidential except as is necessary to obtain compliance, unless and until the Superior Court of the District of Columbia, after hearing arguments from the parties in chambers, shall order otherwise, or unless the insurer requests that the matter be made public. Until such a court order, all papers filed with the clerk of the Superior Court of the District of Columbia shall be held in a confidential file. The Commissioner may share documents, materials, or other information in the possession or control of the Department of Insurance, Securities, and Banking pertaining to an insurer that is the subject of a proceeding under this chapter with other state, federal, and international regulatory agencies; with the National Association of Insurance Commissioners, including its affiliates and subsidiaries; and with state, federal, and international law enforcement authorities; provided, that the recipient agrees, and has the legal authority, to maintain the confidentiality of the documents, material, or other information. No waiver of an applicable privilege or claim of confidentiality shall occur as a result of disclosure to the Commissioner or of sharing documents, materials, or other information under this section. Nothing in this section shall require an insurer to disclose documents, materials, or other information that is not otherwise required by law to be disclosed.',
  };
  test('each clause has the words of the others: the Commissioner may share them with the NAIC if the recipient keeps them confidential', () => {
    const decision = decideVerdict('The D.C. Commissioner may share documents about an insurer in a rehabilitation or liquidation proceeding with the National Association of Insurance Commissioners if the recipient agrees to keep them confidential.', [section]);
    assert.equal(decision.verdict, 'SUPPORTED', decision.explanation);
    assert.match(decision.quote ?? '', /^The Commissioner may share documents/);
  });
});

describe('the sentence whose modal governs the assertion\'s action weighs more', () => {
  // D.C. Code § 28-2503, whole.
  const bond: Provision = {
    id: 'D.C. Code § 28-2503',
    text: 'When a bond is executed to the United States by a fiduciary or public officer, conditioned for the performance of certain duties, in the performance of which private persons are interested, a person aggrieved by a breach of the condition may maintain an action thereon in his own name against the obligor and his sureties to recover damages for the injury suffered by him in consequence of the breach. The custodian of the bond shall furnish a certified copy thereof to the party for that purpose on payment of the legal fees therefor.',
  };
  test('"must furnish a certified copy" is read against "shall furnish a certified copy", not the sentence sharing more words about the bond', () => {
    const decision = decideVerdict('In D.C., the sureties on a bond executed to the United States by a fiduciary must furnish a certified copy of the bond to the party aggrieved by its breach.', [bond], { noMatchThreshold: 0.25 });
    assert.notEqual(decision.verdict, 'SUPPORTED', decision.explanation);
    assert.match(decision.explanation, /"furnish"/);
  });
});

describe('a sentence that opens with "Such" is read with the sentence it points back to', () => {
  // D.C. Code § 38-2023.15, whole (publication 2024-10-20).
  const waiver: Provision = { id: 'D.C. Code § 38-2023.15', text: 'Any person entitled to annuity pursuant to the provisions of subchapter I of this chapter or part A of this subchapter may decline to accept all or any part of such annuity by a waiver signed and filed with the District of Columbia Retirement Board. Such waiver may be revoked in writing at any time, but no payment of the annuity waived shall be made covering the period during which such waiver was in effect.' };
  test('"can never be revoked" is decided by "Such waiver may be revoked in writing at any time"', () => {
    const decision = decideVerdict('In D.C., a waiver of an annuity filed with the District of Columbia Retirement Board can never be revoked.', [waiver], { noMatchThreshold: 0.25 });
    assert.equal(decision.verdict, 'CONTRADICTED', decision.explanation);
    assert.match(decision.quote ?? '', /^Such waiver may be revoked/);
  });
  // Va. Code Ann. § 2.2-1169, whole (2024 publication).
  const mail: Provision = { id: 'Va. Code Ann. § 2.2-1169', text: 'The Division shall operate a central service unit to provide all state departments, divisions, institutions and agencies in the Richmond area with mail handling, messenger and parcel service. These services may, if deemed appropriate, be extended to state departments, divisions, institutions and agencies in other areas of the Commonwealth.' };
  test('so does one that opens with "These": "may never be extended" is decided by "These services may ... be extended"', () => {
    const decision = decideVerdict('In Virginia, the central mail handling, messenger and parcel service may never be extended to state agencies outside the Richmond area.', [mail], { noMatchThreshold: 0.25 });
    assert.equal(decision.verdict, 'CONTRADICTED', decision.explanation);
    assert.match(decision.quote ?? '', /^These services may/);
  });
  // D.C. Code § 16-1112, whole (publication 2024-10-20).
  const ejectment: Provision = { id: 'D.C. Code § 16-1112', text: 'If the title of the plaintiff in ejectment expires after the commencement of his action but before the trial, and but for the expiration he would have been entitled to recover, the verdict shall find the facts, and the plaintiff may recover his damages sustained by the wrongful withholding of the possession.' };
  test('of two modal clauses, the one whose own verb is the assertion\'s decides: "shall find" does not reach "may recover"', () => {
    const supported = decideVerdict("In D.C., if the plaintiff's title in ejectment expires after the action is commenced but before trial, the plaintiff may recover damages for the wrongful withholding of possession.", [ejectment]);
    assert.equal(supported.verdict, 'SUPPORTED', supported.explanation);
    const denied = decideVerdict("In D.C., if the plaintiff's title in ejectment expires after the action is commenced but before trial, the plaintiff may no longer recover damages for the wrongful withholding of possession.", [ejectment]);
    assert.equal(denied.verdict, 'CONTRADICTED', denied.explanation);
    assert.match(denied.explanation, /"may no longer" but .* says "may"/);
  });
  // 37 U.S.C. § 1014(a), whole (release point 119-36).
  const payday: Provision = { id: '37 U.S.C. § 1014', text: '(a) Amounts of basic pay, basic allowance for housing, basic allowance for subsistence, and other payments of military compensation (other than travel and transportation allowances and separation allowances) shall be paid on the first day of the month beginning after the month during which the right to such compensation accrues.' };
  test('"the fifteenth day" is contradicted by "the first day" of the same month', () => {
    const decision = decideVerdict('Basic pay of members of the uniformed services is paid on the fifteenth day of the month beginning after the month in which the right to it accrues.', [payday]);
    assert.equal(decision.verdict, 'CONTRADICTED', decision.explanation);
    assert.match(decision.explanation, /"fifteenth day" but .* says "first day"/);
    assert.equal(decideVerdict('Basic pay of members of the uniformed services is paid on the first day of the month beginning after the month in which the right to it accrues.', [payday]).verdict, 'SUPPORTED');
  });
  // Va. Code Ann. § 61.1-60, whole.
  const tobacco: Provision = { id: 'Va. Code Ann. § 61.1-60', text: 'Any information pertaining to weights of tobacco sold, prices paid or amounts of tobacco handled, disseminated by any warehouseman, his employees or agents shall be accurate and substantiated by records kept at the warehouse or loosefloor.' };
  test('"need not be substantiated" is contradicted by "shall be accurate and substantiated", a state it must hold', () => {
    const decision = decideVerdict('In Virginia, information a tobacco warehouseman disseminates about weights of tobacco sold need not be substantiated by records.', [tobacco]);
    assert.equal(decision.verdict, 'CONTRADICTED', decision.explanation);
    assert.match(decision.explanation, /"need not" but .* says "shall"/);
  });
  // Colo. Rev. Stat. § 14-10-121, whole.
  const decree: Provision = { id: 'Colo. Rev. Stat. § 14-10-121', text: 'If a party fails to comply with a provision of a decree or temporary order or injunction, the obligation of the other party to make payments for support or maintenance or to permit parenting time is not suspended; but said party may move the court to grant an appropriate order.' };
  test('a plain statement is read against its own clause: "is not suspended; but said party may move the court"', () => {
    const suspended = decideVerdict("In Colorado, when one party fails to comply with a temporary order, the other party's obligation to permit parenting time is suspended.", [decree]);
    assert.equal(suspended.verdict, 'CONTRADICTED', suspended.explanation);
    assert.match(suspended.explanation, /"is not suspended"/);
    const kept = decideVerdict("In Colorado, when one party fails to comply with a provision of a decree, the other party's obligation to make payments for support is not suspended.", [decree]);
    assert.equal(kept.verdict, 'SUPPORTED', kept.explanation);
  });
  // D.C. Code § 28:8-305(b), whole.
  const instruction: Provision = { id: 'D.C. Code § 28:8-305', text: '(b) Unless otherwise agreed, a person initiating an instruction assumes only the obligations imposed by § 28:8-108 and not an obligation that the security will be honored by the issuer.' };
  test('"assumes an obligation that the security will be honored" is contradicted by "... and not an obligation that the security will be honored"', () => {
    const decision = decideVerdict('In D.C., unless otherwise agreed, a person initiating an instruction assumes an obligation that the security will be honored by the issuer.', [instruction]);
    assert.equal(decision.verdict, 'CONTRADICTED', decision.explanation);
  });
  // Va. Code Ann. § 18.2-57.02, whole.
  const disarming: Provision = { id: 'Va. Code Ann. § 18.2-57.02', text: "Any person who knows or has reason to know a person is a law-enforcement officer as defined in § 18.2-57, a correctional officer as defined in § 53.1-1, or a person employed by the Department of Corrections directly involved in the care, treatment or supervision of inmates in the custody of the Department, who is engaged in the performance of his duties as such and, with the intent to impede or prevent any such person from performing his official duties, knowingly and without the person's permission removes a chemical irritant weapon or impact weapon from the possession of the officer or deprives the officer of the use of the weapon is guilty of a Class 1 misdemeanor. However, if the weapon removed or deprived in violation of this section is the officer's firearm or stun weapon as defined in § 18.2-308.1, he shall be guilty of a Class 6 felony. A violation of this section shall constitute a separate and distinct offense." };
  test('the "However, if ..." sentence after a rule decides an assertion that names what only its condition names', () => {
    const firearm = decideVerdict("In Virginia, knowingly removing a law-enforcement officer's firearm from the officer's possession without permission, with intent to impede the officer's duties, is a Class 1 misdemeanor.", [disarming]);
    assert.equal(firearm.verdict, 'CONTRADICTED', firearm.explanation);
    assert.match(firearm.explanation, /"Class 6 felony"/);
    const impact = decideVerdict("In Virginia, knowingly removing an impact weapon from a law-enforcement officer's possession without permission, with intent to impede the officer's duties, is a Class 1 misdemeanor.", [disarming]);
    assert.equal(impact.verdict, 'SUPPORTED', impact.explanation);
  });
  // Va. Code Ann. § 62.1-44.21, second sentence.
  const secrets: Provision = { id: 'Va. Code Ann. § 62.1-44.21', text: 'The Board shall not at any time disclose to any person other than appropriate officials of the Environmental Protection Agency pursuant to the requirements of the Federal Water Pollution Control Act Amendments of 1972 (P.L. 92-500) any secret formulae, secret processes, or secret methods other than effluent data used by any owner or under that owner\'s direction.' };
  test('an exception to a prohibition ends where the forbidden thing resumes: "other than [officials] any secret formulae" excepts the officials only', () => {
    const anyone = decideVerdict('In Virginia, the Board may disclose an owner\'s secret formulae and secret processes to any person who requests them.', [secrets]);
    assert.equal(anyone.verdict, 'CONTRADICTED', anyone.explanation);
    const officials = decideVerdict('In Virginia, the Board may disclose secret formulae to appropriate officials of the Environmental Protection Agency.', [secrets]);
    assert.equal(officials.verdict, 'SUPPORTED', officials.explanation);
  });
  // D.C. Code § 32-521.06(a), whole.
  const notice: Provision = { id: 'D.C. Code § 32-521.06', text: '(a) The Mayor shall devise and an employer shall post and maintain in a conspicuous place, a notice that sets forth excerpts from or summaries of the pertinent provisions of this subchapter and information that pertains to the filing of a complaint under this subchapter.' };
  test('a modal\'s subject starts after the clause of the modal before it: "The Mayor shall devise and an employer shall post"', () => {
    const mayor = decideVerdict("In D.C., the Mayor shall post and maintain in a conspicuous place a notice summarizing the subchapter's provisions.", [notice]);
    assert.equal(mayor.verdict, 'CONTRADICTED', mayor.explanation);
    assert.match(mayor.explanation, /"Mayor shall" but .* says "employer shall"/);
    assert.equal(decideVerdict("In D.C., an employer shall post and maintain in a conspicuous place a notice summarizing the subchapter's provisions.", [notice]).verdict, 'SUPPORTED');
  });
  // D.C. Code § 26-506.02(a) and (d).
  const dividends: Provision = { id: 'D.C. Code § 26-506.02', text: '(a) The board of directors may, after making provisions for required reserves, declare dividends to be paid on share accounts and membership shares, if any, from the net earnings or undivided earnings, as provided in the bylaws. (d) Dividends shall not be declared or paid at a time when the District credit union is insolvent, its net assets are less than its stated capital, or when the payment thereof would render the District credit union insolvent or reduce its net assets below its stated capital.' };
  test('"a credit union\'s board of directors" is the board; "may pay" is forbidden by "shall not be declared or paid"', () => {
    const board = decideVerdict("In D.C., a credit union's board of directors may declare dividends on share accounts after making provisions for required reserves.", [dividends]);
    assert.equal(board.verdict, 'SUPPORTED', board.explanation);
    const insolvent = decideVerdict('In D.C., a District credit union may pay dividends at a time when it is insolvent.', [dividends]);
    assert.equal(insolvent.verdict, 'CONTRADICTED', insolvent.explanation);
    assert.match(insolvent.explanation, /"may" but .* says "shall not"/);
  });
  // Va. Code Ann. § 61.1-6, whole.
  const receipt: Provision = { id: 'Va. Code Ann. § 61.1-6', text: 'Any person who deposits goods to which he has not title, upon which there is a lien or security interest, and who takes for such goods a negotiable receipt which he afterwards negotiates for value with intent to deceive, and without disclosing his want of title or the existence of the lien or security interest, shall be guilty of a misdemeanor, and upon conviction shall be punished as provided in § 18.2-12.' };
  test('a negation in a relative clause the assertion says nothing of ("goods to which he has not title") does not negate the claim', () => {
    const decision = decideVerdict('In Virginia, a person who deposits goods subject to a lien, takes a negotiable receipt for them, and negotiates it for value with intent to deceive, without disclosing the lien, is punished as provided in § 18.2-12.', [receipt]);
    assert.equal(decision.verdict, 'SUPPORTED', decision.explanation);
  });
  // 44 U.S.C. § 3312, whole.
  const copies: Provision = { id: '44 U.S.C. § 3312', text: 'Photographs, microphotographs of records, or digitized records made in compliance with regulations under section 3302 of this title shall have the same effect as the originals and shall be treated as originals for the purpose of their admissibility in evidence. Certified or authenticated reproductions of the photographs, microphotographs, or digitized records shall be admitted in evidence equally with the original photographs, microphotographs, or digitized records.' };
  test('a plain statement that negates its verb ("are not treated as originals") is contradicted by the modal that governs it, whichever modal opens the sentence', () => {
    const denied = decideVerdict('Photographs of federal records made in compliance with the records regulations are not treated as originals for the purpose of their admissibility in evidence.', [copies]);
    assert.equal(denied.verdict, 'CONTRADICTED', denied.explanation);
    assert.match(denied.explanation, /"are not treated" but .* says "shall be treated"/);
    assert.equal(decideVerdict('Photographs of federal records made in compliance with the records regulations are treated as originals for the purpose of their admissibility in evidence.', [copies]).verdict, 'SUPPORTED');
  });
});
