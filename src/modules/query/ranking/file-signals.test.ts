import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { fileNameSignals, fileMatchScore, namedBySameParty, namedFileScores, partyWords, withHeadingTypes, withParties, type FileSignals } from './file-signals.js';
import { partyNamesFromText } from './party-names.js';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { OPENINGS } from '../__fixtures__/cuad-passages.js';
import { NAMED_FILE_THRESHOLD } from '../retrieval/retrieve.js';

const ACCURAY = 'ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt';
const ADAMS = 'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt';
const THEMART = '2ThemartComInc_19990826_10-12G_EX-10.10_6700288_EX-10.10_Co-Branding Agreement_ Agency Agreement.txt';
const ANTARES = 'Antares Pharma, Inc. - Manufacturing Agreement.txt';
const ASHWORTH = 'ASHWORTHINC_01_29_1999-EX-10.(D)-PROMOTION AGREEMENT AND NANTZ COMMUNICATIONS, INC..txt';
const AIRSPAN = 'AIRSPANNETWORKSINC_04_11_2000-EX-10.5-Distributor Agreement.txt';
const SPORTHALEY = 'SPORTHALEYINC_09_29_1997-EX-10.2-10-ENDORSEMENT AGREEMENT.txt';
const ALL = [ACCURAY, ADAMS, THEMART, ANTARES, ASHWORTH, AIRSPAN, SPORTHALEY];

describe('fileNameSignals', () => {
  test('old-style EDGAR names: party without suffix, type stems, ISO date, title', () => {
    const s = fileNameSignals(ACCURAY);
    assert.deepEqual(s.parties.map((p) => p.compact), ['accuray']);
    assert.deepEqual(s.typeStems, ['distributor']);
    assert.deepEqual(s.dates, ['2010-09-01']);
    assert.equal(s.title, 'Distributor Agreement (Accuray)');
  });
  test('new-style EDGAR names: CamelCase party split, several types', () => {
    const s = fileNameSignals(THEMART);
    assert.deepEqual(s.parties[0]?.words, ['2themart']);
    assert.deepEqual(s.dates, ['1999-08-26']);
    assert.ok(s.typeStems.includes('agenc') && s.typeStems.includes('brand'));
    assert.equal(s.title, 'Co-Branding Agreement / Agency Agreement (2Themart)');
  });
  test('"Party - Type" names', () => {
    const s = fileNameSignals(ANTARES);
    assert.deepEqual(s.parties[0]?.words, ['antares', 'pharma']);
    assert.deepEqual(s.typeStems, ['manufactur']);
    assert.equal(s.title, 'Manufacturing Agreement (Antares Pharma)');
  });
  test('name words in the title become parties', () => {
    const s = fileNameSignals(ASHWORTH);
    assert.ok(s.parties.some((p) => p.compact === 'nantz'), JSON.stringify(s.parties));
    assert.ok(!s.parties.some((p) => p.compact === 'communications' || p.compact === 'agreement'));
  });
  test('ordinary upload names', () => {
    const s = fileNameSignals('Acme Supply Agreement 2021-03-04.pdf');
    assert.ok(s.parties.some((p) => p.compact === 'acme'));
    assert.deepEqual(s.typeStems, ['suppli']);
    assert.deepEqual(s.dates, ['2021-03-04']);
  });
  test('partyWords removes suffixes, also glued to all-caps names, but not BANCORP', () => {
    assert.deepEqual(partyWords('ADAMSGOLFINC'), ['adamsgolf']);
    assert.deepEqual(partyWords('Adams Golf, Ltd.'), ['adams', 'golf']);
    assert.deepEqual(partyWords('BLUEHILLSBANCORP,INC'), ['bluehillsbancorp']);
    assert.deepEqual(partyWords('VerizonAbsLlc'), ['verizon', 'abs']);
  });
});

describe('fileMatchScore', () => {
  const best = (question: string) => {
    const a = analyzeQuestion(question);
    return ALL.map((n) => ({ n, s: fileMatchScore(a, fileNameSignals(n)) })).sort((x, y) => y.s - x.s);
  };
  test('a party name finds its file, above files sharing only the type', () => {
    const [first, second] = best('What does the distributor agreement with Accuray say about warranties?');
    assert.equal(first?.n, ACCURAY);
    assert.ok((first?.s ?? 0) >= 0.9);
    assert.equal(second?.n, AIRSPAN);
    assert.ok((second?.s ?? 1) <= 0.4);
  });
  test('a run-together EDGAR name is found from its words', () => {
    assert.equal(best('Is there a non-compete in the Adams Golf agreement?')[0]?.n, ADAMS);
    assert.equal(best('What fees does the 2TheMart co-branding agreement set?')[0]?.n, THEMART);
  });
  test('a year and a type find the file', () => {
    const ranked = best('Summarize the 1997 endorsement agreement.');
    assert.equal(ranked[0]?.n, SPORTHALEY);
    assert.ok((ranked[0]?.s ?? 0) > (ranked[1]?.s ?? 0));
  });
  test('type words alone are weak; "agreement" alone is nothing', () => {
    const a = analyzeQuestion('What is the term of the endorsement agreement?');
    assert.ok(fileMatchScore(a, fileNameSignals(ADAMS)) <= 0.4);
    assert.equal(fileMatchScore(analyzeQuestion('What is the term of the agreement?'), fileNameSignals(ADAMS)), 0);
  });
  test('a question naming nothing scores 0 everywhere, always within [0, 1]', () => {
    const a = analyzeQuestion('Which law governs?');
    for (const n of ALL) assert.equal(fileMatchScore(a, fileNameSignals(n)), 0);
  });
  test('parties read from the opening make an opaque file findable', () => {
    const opaque = fileNameSignals('contract-final-signed.pdf');
    const a = analyzeQuestion('What does the Siemens distributor agreement say about territory?');
    assert.equal(fileMatchScore(a, opaque), 0);
    assert.ok(fileMatchScore(a, withParties(opaque, partyNamesFromText(OPENINGS.accuray))) >= 0.9);
  });
});

describe('naming a contract by both its parties', () => {
  test('the contract of both named parties is named more strongly than one that shares a party, and by more than the named-files margin', () => {
    const both = withParties(fileNameSignals('CARDLYTICS,INC_05_08_2018-EX-10.5-Software License Agreement.txt'), ['Bank of America, N.A.', 'Cardlytics, Inc.']);
    const shared = withParties(fileNameSignals('ROGERS_2006-EX-10.1-Software License Agreement.txt'), ['Bank of America, N.A.', 'Rogers Cable Inc.']);
    const asked = analyzeQuestion('Is liability capped under the Software License Agreement between Bank of America and Cardlytics?');
    const a = fileMatchScore(asked, both);
    const b = fileMatchScore(asked, shared);
    assert.ok(a - b > 0.05, `${a} vs ${b}`);
    // A short name and its long name are one party: "Cardlytics" twice does not count as two.
    const one = withParties(fileNameSignals('CARDLYTICS,INC_05_08_2018-EX-10.5-Software License Agreement.txt'), ['Cardlytics, Inc.', 'Cardlytics']);
    assert.ok(fileMatchScore(analyzeQuestion('Is liability capped under the Cardlytics software license agreement?'), one) < a);
  });
});

describe('files named alike by one party, or by different words', () => {
  test('an agreement and its amendment are named by the same party; two affiliate agreements named as strongly through different words are not', () => {
    const asked = analyzeQuestion('Does the Affiliate Agreement between Physician Sales & Service, Inc. and Gulf South Medical Supply, Inc. renew automatically?');
    // Parties as the two contracts' openings define them: the letter to PSS from a GSMS shareholder,
    // and a network's agreement that defines its programming as "the Service".
    const gulfSouth = withParties(fileNameSignals('GULFSOUTHMEDICALSUPPLYINC_12_24_1997-EX-4-AFFILIATE AGREEMENT.txt'), ['Gulf South Medical Supply, Inc.', 'PSS']);
    const tube = withParties(fileNameSignals('TubeMediaCorp_20060310_8-K_EX-10.1_513921_EX-10.1_Affiliate Agreement.txt'), ['The TUBE Music Network, Inc.', 'Tribune Broadcasting Company', 'Service']);
    assert.ok(fileMatchScore(asked, gulfSouth) > 0.55 && fileMatchScore(asked, tube) > 0.55);
    assert.equal(namedBySameParty(asked, gulfSouth, tube), false);

    const manufacturing = analyzeQuestion("Does the Manufacturing Agreement between Premier Nutrition Corporation and Stremick's Heritage Foods, LLC grant exclusive rights?");
    const parties = ["Stremick's Heritage Foods, LLC", 'Premier Nutrition Corporation'];
    const agreement = withParties(fileNameSignals('BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement1.txt'), parties);
    const amendment = withParties(fileNameSignals('BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement2.txt'), ['Heritage', ...parties]);
    assert.equal(namedBySameParty(manufacturing, agreement, amendment), true);
    // A party the question does not name does not join two files.
    assert.equal(namedBySameParty(asked, agreement, amendment), false);
  });
});

describe('partyNamesFromText', () => {
  test('Accuray / Siemens: long names and defined short names', () => {
    assert.deepEqual(partyNamesFromText(OPENINGS.accuray), ['ACCURAY INCORPORATED', 'SIEMENS AKTIENGESELLSCHAFT', 'Accuray', 'Siemens']);
  });
  test('a described individual and a company; role short names are left out', () => {
    assert.deepEqual(partyNamesFromText(OPENINGS.adamsGolf), ['TOM WATSON', 'ADAMS GOLF, LTD.', 'ADAMS GOLF']);
  });
  test('names with ", Inc." and a title page before the clause', () => {
    const names = partyNamesFromText(OPENINGS.antares);
    assert.deepEqual(names.slice(0, 2), ['Antares Pharma, Inc.', 'AMAG Pharmaceuticals, Inc.']);
  });
  test('names ending in a suffix stop before the address', () => {
    assert.deepEqual(partyNamesFromText(OPENINGS.agape).slice(0, 2), ['ORGANIC PREPARATIONS INC.', 'AGAPE ATP INTERNATIONAL HOLDING LIMITED']);
  });
  test('role-only short names ("Company", "Distributor") are not parties', () => {
    assert.deepEqual(partyNamesFromText(OPENINGS.limeEnergy), ['Electric City Corp.', 'Electric City of Illinois LLC']);
  });
  test('no "between" clause and no organization → none', () => {
    assert.deepEqual(partyNamesFromText('SCHEDULE A\nPrices and delivery terms.'), []);
  });
  test('a letter agreement without "between": the organizations its opening names, the exhibit heading left out', () => {
    assert.deepEqual(partyNamesFromText(OPENINGS.afsala).slice(0, 3), ['AFSALA BANCORP, INC.', 'Capital Resources, Inc.', 'Amsterdam Federal Savings and Loan Association']);
  });
  test('enumerated parties: the second is the one numbered (2), not the next "and" ("England and Wales")', () => {
    assert.deepEqual(partyNamesFromText(OPENINGS.bicycle), ['BICYCLETX LIMITED', 'NIGEL CROCKETT']);
  });
  test('two parties in one run of capitals are two names; a heading naming the Company is none', () => {
    assert.deepEqual(partyNamesFromText(OPENINGS.aspirity), ['TWIN CITIES POWER HOLDINGS, LLC', 'REDWATER LLC']);
  });
  test('a heading and a date before a letter\'s addressee are not part of its name; a small number inside one is', () => {
    assert.deepEqual(partyNamesFromText(OPENINGS.tribute), ['Tribute Pharmaceuticals Canada Inc.', 'Dundee Securities Ltd.', 'Kes 7 Capital Inc.', 'Bloom Burton & Co. Ltd.']);
  });
  test('a name ends where the next sentence starts', () => {
    assert.deepEqual(partyNamesFromText(OPENINGS.adia).slice(0, 2), ['PIVX CORPORATION', 'DETTO TECHNOLOGIES']);
    assert.ok(!partyNamesFromText(OPENINGS.senmiao).some((name) => /\bthis\b/i.test(name)));
  });
  test('a short name given with a role ("FTE" or "Subcontractor") is read; a term defined after the parties\' sentence is not a party', () => {
    const names = partyNamesFromText(OPENINGS.fte);
    assert.deepEqual(names, ['EDGE Communications Solutions, LLC', 'FTE Networks, Inc.', 'EDGE', 'FTE']);
    assert.ok(!names.includes('Purchase Order'));
  });
  test('a question naming a letter agreement\'s parties names that file', () => {
    const signals = withParties(fileNameSignals('AFSALABANCORPINC_08_01_1996-EX-1.1-AGENCY AGREEMENT.txt'), partyNamesFromText(OPENINGS.afsala));
    const asked = analyzeQuestion('Which state law governs the Agency Agreement between Federal Deposit Insurance Corporation and Amsterdam Federal Savings and Loan Association?');
    assert.ok(fileMatchScore(asked, signals) >= NAMED_FILE_THRESHOLD, String(fileMatchScore(asked, signals)));
  });
});

describe('namedFileScores', () => {
  test('scores exactly the files fileMatchScore scores above 0, with the same scores', () => {
    const room = new Map<number, FileSignals>(ALL.map((name, i) => [i + 1, fileNameSignals(name)]));
    room.set(100, withParties(fileNameSignals('contract-17.pdf'), partyNamesFromText(OPENINGS.accuray)));
    room.set(101, withParties(fileNameSignals('AFSALABANCORPINC_08_01_1996-EX-1.1-AGENCY AGREEMENT.txt'), partyNamesFromText(OPENINGS.afsala)));
    room.set(102, withParties(fileNameSignals('BICYCLETXLTD_2020-EX-10.txt'), partyNamesFromText(OPENINGS.bicycle)));
    const questions = [
      'What law governs the Accuray distributor agreement?',
      'Is there a non-compete in the endorsement agreement with Adams Golf?',
      'Can 2TheMart terminate the co-branding agreement?',
      'Which state governs the agreement signed in 2010?',
      'What did the parties agree on 1999-08-26?',
      'Who are the parties to the Siemens contract?',
      'Is there a cap on liability in the Antares Pharma manufacturing agreement?',
      'Does Amsterdam Federal Savings and Loan Association have audit rights?',
      'What is the term of the agreement?',
      'Is Nigel Crockett bound by a non-compete?',
      'What does the Adams endorsement say about Tom Watson?',
    ];
    let naming = 0;
    for (const question of questions) {
      const a = analyzeQuestion(question);
      const expected = new Map([...room].map(([id, signals]) => [id, fileMatchScore(a, signals)] as const).filter(([, score]) => score > 0));
      assert.deepEqual(namedFileScores(a, room), expected, question);
      if (expected.size > 0) naming++;
    }
    assert.ok(naming >= questions.length - 2, `only ${naming} questions name a file: the comparison would prove little`);
  });
});

test("the type words of a document's own heading count with its file name's", () => {
  // CUAD files three Cardlytics exhibits under one name; only the heading says which is the license.
  const name = fileNameSignals('CardlyticsInc_20180112_S-1_EX-10.16_11002987_EX-10.16_Maintenance Agreement1.txt');
  assert.deepEqual(name.typeStems, ['mainten']);
  const read = withHeadingTypes(name, 'Software License, Customization And Maintenance Agreement');
  assert.deepEqual(read.typeStems, ['mainten', 'softwar', 'licens']);
  assert.equal(withHeadingTypes(name, 'Maintenance Agreement'), name, 'a heading naming what the file name does adds nothing');
  const question = analyzeQuestion('Is liability capped under the Software License, Customization and Maintenance Agreement with Cardlytics?');
  assert.ok(fileMatchScore(question, read) > fileMatchScore(question, name), 'the file whose heading the question names scores higher');
});
