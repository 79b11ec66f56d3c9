import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCitation } from './citations.js';

/** [input, canonical, pinpoint] — jurisdiction and section are checked through the canonical string. */
type Case = readonly [input: string, canonical: string, pinpoint?: string];

const US: Case[] = [
  ['42 U.S.C. § 1983', '42 U.S.C. § 1983'],
  ['42 USC 1983', '42 U.S.C. § 1983'],
  ['42 U.S.C. 1983', '42 U.S.C. § 1983'],
  ['42 U.S.C. Sec. 1983', '42 U.S.C. § 1983'],
  ['42 U.S.C. sec. 1983', '42 U.S.C. § 1983'],
  ['42 U.S.C. section 1983', '42 U.S.C. § 1983'],
  ['42 U.S.C. Section 1983', '42 U.S.C. § 1983'],
  ['42 U.S.C. §§ 1983', '42 U.S.C. § 1983'],
  ['42 U.S.C.A. § 1983', '42 U.S.C. § 1983'],
  ['42 USCA 1983', '42 U.S.C. § 1983'],
  ['42 USCA § 1983', '42 U.S.C. § 1983'],
  ['42 U.S.C.S. § 1983', '42 U.S.C. § 1983'],
  ['42 USCS 1983', '42 U.S.C. § 1983'],
  ['42 U.S. Code § 1983', '42 U.S.C. § 1983'],
  ['42 US Code 1983', '42 U.S.C. § 1983'],
  ['42 United States Code § 1983', '42 U.S.C. § 1983'],
  ['42 United States Code section 1983', '42 U.S.C. § 1983'],
  ['title 42, United States Code, section 1983', '42 U.S.C. § 1983'],
  ['Title 42 of the United States Code, Section 1983', '42 U.S.C. § 1983'],
  ['Title 42 U.S.C. § 1983', '42 U.S.C. § 1983'],
  ['42 U.S.C.§1983', '42 U.S.C. § 1983'],
  ['42  U.S.C.  §  1983', '42 U.S.C. § 1983'],
  ['42 U. S. C. § 1983', '42 U.S.C. § 1983'],
  ['42 u.s.c. § 1983', '42 U.S.C. § 1983'],
  ['42\u00a0U.S.C.\u00a0§\u00a01983', '42 U.S.C. § 1983'],
  ['  42 U.S.C. § 1983  ', '42 U.S.C. § 1983'],
  ['42 U.S.C. § 1983(a)', '42 U.S.C. § 1983', '(a)'],
  ['5 U.S.C. § 552a', '5 U.S.C. § 552a'],
  ['5 U.S.C. § 552A', '5 U.S.C. § 552a'],
  ['5 USC 552(b)(6)', '5 U.S.C. § 552', '(b)(6)'],
  ['5 U.S.C. § 552 (b)(6)', '5 U.S.C. § 552', '(b)(6)'],
  ['42 U.S.C. § 1320a-7b', '42 U.S.C. § 1320a-7b'],
  ['42 U.S.C. § 1320a–7b', '42 U.S.C. § 1320a-7b'],
  ['42 U.S.C. § 1320a-7b(b)(6)(A)(ii)', '42 U.S.C. § 1320a-7b', '(b)(6)(A)(ii)'],
  ['42 U.S.C. § 2000e-2(a)(1)', '42 U.S.C. § 2000e-2', '(a)(1)'],
  ['42 U.S.C. § 300gg-11', '42 U.S.C. § 300gg-11'],
  ['9 U.S.C. § 5', '9 U.S.C. § 5'],
  ['1 U.S.C. § 1', '1 U.S.C. § 1'],
  ['17 U.S.C. § 107', '17 U.S.C. § 107'],
  ['28 U.S.C. § 1331', '28 U.S.C. § 1331'],
  ['15 U.S.C. § 78j(b)', '15 U.S.C. § 78j', '(b)'],
  ['29 U.S.C. § 2612(a)(1)(D)', '29 U.S.C. § 2612', '(a)(1)(D)'],
  ['15 U.S.C. § 717f(c)', '15 U.S.C. § 717f', '(c)'],
  ['42 U.S.C. § 6991b (d)', '42 U.S.C. § 6991b', '(d)'],
  ['33 U.S.C. § 1322 (f)(3)', '33 U.S.C. § 1322', '(f)(3)'],
  ['41 U.S.C. 251', '41 U.S.C. § 251'],
  ['12 U.S.C. sec. 1813', '12 U.S.C. § 1813'],
  ['26 U.S.C. § 529A', '26 U.S.C. § 529a'],
  ['042 U.S.C. § 1983', '42 U.S.C. § 1983'],
  ['42 U.S.C. § 1983 (2018)', '42 U.S.C. § 1983'],
  ['42 U.S.C. § 1983 (2012 & Supp. 2018)', '42 U.S.C. § 1983'],
  ['42 U.S.C. § 1983.', '42 U.S.C. § 1983'],
  ['42 U.S.C. § 1983(a)(1).', '42 U.S.C. § 1983', '(a)(1)'],
];

const DC: Case[] = [
  ['D.C. Code § 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['DC Code 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. Code 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['DC Code § 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['d.c. code 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. CODE § 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. Code Sec. 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. Code sec. 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. Code section 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. Code Section 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. Code §§ 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. Code, § 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. Code, sec. 45-1514', 'D.C. Code § 45-1514'],
  ['D.C. Official Code § 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['DC Official Code 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. Code Ann. § 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. Code Annotated § 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['District of Columbia Code § 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['District of Columbia Official Code § 2-1402.11', 'D.C. Code § 2-1402.11'],
  ['DC ST § 42-3505.01', 'D.C. Code § 42-3505.01'],
  ['§ 2-1402.11, D.C. Official Code', 'D.C. Code § 2-1402.11'],
  ['§ 22-2405 of the District of Columbia Code', 'D.C. Code § 22-2405'],
  ['D.C.Code§2-1402.11', 'D.C. Code § 2-1402.11'],
  ['D.C. Code § 42-3505.01', 'D.C. Code § 42-3505.01'],
  ['D.C. Code § 42-3505.01(a-1)(1)', 'D.C. Code § 42-3505.01', '(a-1)(1)'],
  ['D.C. Code § 42-3505.01 (a-1) (1)', 'D.C. Code § 42-3505.01', '(a-1)(1)'],
  ['D.C. Code § 42-3505.01(a–1)(1)', 'D.C. Code § 42-3505.01', '(a-1)(1)'],
  ['D.C. Code § 16-916.01a', 'D.C. Code § 16-916.01a'],
  ['D.C. Code § 16-916.01A', 'D.C. Code § 16-916.01a'],
  ['D.C. Code § 1-204.46a', 'D.C. Code § 1-204.46a'],
  ['D.C. Code § 2-1401.06', 'D.C. Code § 2-1401.06'],
  ['D.C. Code § 2-1401.02(4A)', 'D.C. Code § 2-1401.02', '(4A)'],
  ['D.C. Code § 31–3302.06a', 'D.C. Code § 31-3302.06a'],
  ['D.C. Code § 31\u20113302.06a', 'D.C. Code § 31-3302.06a'],
  ['D.C. Code § 11-1732A', 'D.C. Code § 11-1732A'],
  ['D.C. Code § 22-1805a', 'D.C. Code § 22-1805a'],
  ['D.C. Code § 27a-101', 'D.C. Code § 27A-101'],
  ['D.C. Code § 28:9-301', 'D.C. Code § 28:9-301'],
  ['D.C. Code § 28:2A-101', 'D.C. Code § 28:2A-101'],
  ['D.C. Code § 2-1217.35d-1', 'D.C. Code § 2-1217.35d-1'],
  ['D.C. Code § 12-301(a)(4)', 'D.C. Code § 12-301', '(a)(4)'],
  ['D.C. Code § 42-3509.04(b)', 'D.C. Code § 42-3509.04', '(b)'],
  ['D.C. Code § 2-1402.12(c)(1)', 'D.C. Code § 2-1402.12', '(c)(1)'],
  ['D.C. Code § 47-2001(n)(1)(G)(ii)', 'D.C. Code § 47-2001', '(n)(1)(G)(ii)'],
];

const VA: Case[] = [
  ['Va. Code Ann. § 18.2-46.2', 'Va. Code Ann. § 18.2-46.2'],
  ['Va. Code § 18.2-46.2', 'Va. Code Ann. § 18.2-46.2'],
  ['Va Code 18.2-46.2', 'Va. Code Ann. § 18.2-46.2'],
  ['VA Code Ann. § 18.2-46.2', 'Va. Code Ann. § 18.2-46.2'],
  ['Virginia Code § 18.2-46.2', 'Va. Code Ann. § 18.2-46.2'],
  ['Virginia Code section 18.2-46.2', 'Va. Code Ann. § 18.2-46.2'],
  ['Code of Virginia § 18.2-46.2', 'Va. Code Ann. § 18.2-46.2'],
  ['Code of Va. § 18.2-46.2', 'Va. Code Ann. § 18.2-46.2'],
  ['§ 18.2-46.2 of the Code of Virginia', 'Va. Code Ann. § 18.2-46.2'],
  ['Va. Code Ann. § 2.2-3700', 'Va. Code Ann. § 2.2-3700'],
  ['Va. Code Ann. § 2.2-3704(A)', 'Va. Code Ann. § 2.2-3704', '(A)'],
  ['Va. Code Ann. § 62.1-44.15:20', 'Va. Code Ann. § 62.1-44.15:20'],
  ['Va. Code Ann. § 62.1-44.15:29.1', 'Va. Code Ann. § 62.1-44.15:29.1'],
  ['Va. Code Ann. § 1-200', 'Va. Code Ann. § 1-200'],
  ['Va. Code Ann. § 8.01-581.015', 'Va. Code Ann. § 8.01-581.015'],
  ['Va. Code Ann. § 8.9a-101', 'Va. Code Ann. § 8.9A-101'],
  ['Va. Code Ann. § 18.2-10(a)', 'Va. Code Ann. § 18.2-10', '(a)'],
  ['va. code ann. sec. 55.1-1245', 'Va. Code Ann. § 55.1-1245'],
];

const CO: Case[] = [
  ['Colo. Rev. Stat. § 2-4-101', 'Colo. Rev. Stat. § 2-4-101'],
  ['Colo. Rev. Stat. Ann. § 2-4-101', 'Colo. Rev. Stat. § 2-4-101'],
  ['Colo. Rev. Stat. 2-4-101', 'Colo. Rev. Stat. § 2-4-101'],
  ['C.R.S. 2-4-101', 'Colo. Rev. Stat. § 2-4-101'],
  ['C.R.S. § 2-4-101', 'Colo. Rev. Stat. § 2-4-101'],
  ['CRS 2-4-101', 'Colo. Rev. Stat. § 2-4-101'],
  ['CRS § 2-4-101', 'Colo. Rev. Stat. § 2-4-101'],
  ['crs 2-4-101', 'Colo. Rev. Stat. § 2-4-101'],
  ['Colorado Revised Statutes § 2-4-101', 'Colo. Rev. Stat. § 2-4-101'],
  ['Colorado Revised Statutes section 6-1-105', 'Colo. Rev. Stat. § 6-1-105'],
  ['section 2-4-101, C.R.S.', 'Colo. Rev. Stat. § 2-4-101'],
  ['section 24-4-103 (3)(a), C.R.S.', 'Colo. Rev. Stat. § 24-4-103', '(3)(a)'],
  ['C.R.S. § 6-1-105(1)(e)', 'Colo. Rev. Stat. § 6-1-105', '(1)(e)'],
  ['C.R.S. § 14-10-124', 'Colo. Rev. Stat. § 14-10-124'],
  ['C.R.S. § 24-4-103.5', 'Colo. Rev. Stat. § 24-4-103.5'],
  ['C.R.S. § 24-33.5-704', 'Colo. Rev. Stat. § 24-33.5-704'],
  ['C.R.S. § 25.5-4-301', 'Colo. Rev. Stat. § 25.5-4-301'],
  ['C.R.S. § 42-1-102 (58)', 'Colo. Rev. Stat. § 42-1-102', '(58)'],
  ['Colo. Rev. Stat. § 38-12-104(1.5)', 'Colo. Rev. Stat. § 38-12-104', '(1.5)'],
];

const CA: Case[] = [
  ['Cal. Civ. Code § 1542', 'Cal. Civ. Code § 1542'],
  ['Cal Civ Code 1542', 'Cal. Civ. Code § 1542'],
  ['Cal. Civ. Code 1542', 'Cal. Civ. Code § 1542'],
  ['California Civil Code section 1542', 'Cal. Civ. Code § 1542'],
  ['California Civil Code § 1542', 'Cal. Civ. Code § 1542'],
  ['Calif. Civ. Code § 1542', 'Cal. Civ. Code § 1542'],
  ['Cal. Civ. Code Ann. § 1542', 'Cal. Civ. Code § 1542'],
  ['Cal. Civ. Code § 1542 (West 2020)', 'Cal. Civ. Code § 1542'],
  ['Cal. Civ. Code, § 1542', 'Cal. Civ. Code § 1542'],
  ['CAL. CIV. CODE § 1542', 'Cal. Civ. Code § 1542'],
  ['Cal. Civ. Code § 1950.5', 'Cal. Civ. Code § 1950.5'],
  ['Cal. Civ. Code § 1950.5(b)(1)', 'Cal. Civ. Code § 1950.5', '(b)(1)'],
  ['Cal. Civ. Proc. Code § 340', 'Cal. Civ. Proc. Code § 340'],
  ['California Code of Civil Procedure section 340', 'Cal. Civ. Proc. Code § 340'],
  ['Cal. Code Civ. Proc. § 335.1', 'Cal. Civ. Proc. Code § 335.1'],
  ['Cal. Penal Code § 187', 'Cal. Penal Code § 187'],
  ['California Penal Code 187(a)', 'Cal. Penal Code § 187', '(a)'],
  ['Cal. Bus. & Prof. Code § 17200', 'Cal. Bus. & Prof. Code § 17200'],
  ['Cal. Bus. and Prof. Code § 17200', 'Cal. Bus. & Prof. Code § 17200'],
  ['California Business and Professions Code section 17200', 'Cal. Bus. & Prof. Code § 17200'],
  ['Cal. Lab. Code § 2802', 'Cal. Lab. Code § 2802'],
  ['California Labor Code section 2802', 'Cal. Lab. Code § 2802'],
  ["Cal. Gov't Code § 12940", "Cal. Gov't Code § 12940"],
  ['Cal. Govt Code § 12940', "Cal. Gov't Code § 12940"],
  ['Cal. Gov’t Code § 12940(h)', "Cal. Gov't Code § 12940", '(h)'],
  ['California Government Code section 12940', "Cal. Gov't Code § 12940"],
  ['Cal. Fam. Code § 4320', 'Cal. Fam. Code § 4320'],
  ['Cal. Prob. Code § 6110', 'Cal. Prob. Code § 6110'],
  ['Cal. Corp. Code § 25401', 'Cal. Corp. Code § 25401'],
  ['Cal. Evid. Code § 1152', 'Cal. Evid. Code § 1152'],
  ['Cal. Health & Safety Code § 11362.5', 'Cal. Health & Safety Code § 11362.5'],
  ['California Health and Safety Code section 11362.5', 'Cal. Health & Safety Code § 11362.5'],
  ['Cal. Veh. Code § 23152', 'Cal. Veh. Code § 23152'],
  ['California Vehicle Code 23152(a)', 'Cal. Veh. Code § 23152', '(a)'],
  ['Cal. Ins. Code § 790.03', 'Cal. Ins. Code § 790.03'],
  ['Cal. Com. Code § 2207', 'Cal. Com. Code § 2207'],
  ['California Commercial Code section 2207', 'Cal. Com. Code § 2207'],
  ['Cal. Rev. & Tax. Code § 17041', 'Cal. Rev. & Tax. Code § 17041'],
  ['California Revenue and Taxation Code section 17041', 'Cal. Rev. & Tax. Code § 17041'],
  ['Cal. Welf. & Inst. Code § 5150', 'Cal. Welf. & Inst. Code § 5150'],
];

const NY: Case[] = [
  ['N.Y. Gen. Oblig. Law § 5-1401', 'N.Y. Gen. Oblig. Law § 5-1401'],
  ['NY General Obligations Law 5-1401', 'N.Y. Gen. Oblig. Law § 5-1401'],
  ['New York General Obligations Law § 5-1401', 'N.Y. Gen. Oblig. Law § 5-1401'],
  ['N.Y. Gen. Oblig. Law § 5-701(a)(1)', 'N.Y. Gen. Oblig. Law § 5-701', '(a)(1)'],
  ['NY GOL 5-1401', 'N.Y. Gen. Oblig. Law § 5-1401'],
  ['N.Y. Gen. Oblig. Law § 5-1401 (McKinney 2021)', 'N.Y. Gen. Oblig. Law § 5-1401'],
  ['N.Y. Penal Law § 125.25', 'N.Y. Penal Law § 125.25'],
  ['New York Penal Law section 125.25', 'N.Y. Penal Law § 125.25'],
  ['N.Y. C.P.L.R. 3211', 'N.Y. C.P.L.R. 3211'],
  ['N.Y. C.P.L.R. 3211(a)(7)', 'N.Y. C.P.L.R. 3211', '(a)(7)'],
  ['CPLR 3211(a)(7)', 'N.Y. C.P.L.R. 3211', '(a)(7)'],
  ['CPLR § 213', 'N.Y. C.P.L.R. 213'],
  ['NY CPLR 5501', 'N.Y. C.P.L.R. 5501'],
  ['N.Y. Lab. Law § 198', 'N.Y. Lab. Law § 198'],
  ['New York Labor Law section 240(1)', 'N.Y. Lab. Law § 240', '(1)'],
  ['N.Y. Real Prop. Law § 235-b', 'N.Y. Real Prop. Law § 235-b'],
  ['NY Real Property Law 235-b', 'N.Y. Real Prop. Law § 235-b'],
  ['N.Y. Bus. Corp. Law § 630', 'N.Y. Bus. Corp. Law § 630'],
  ['N.Y. Dom. Rel. Law § 170', 'N.Y. Dom. Rel. Law § 170'],
  ['New York Domestic Relations Law § 236', 'N.Y. Dom. Rel. Law § 236'],
  ['N.Y. Exec. Law § 296', 'N.Y. Exec. Law § 296'],
  ['NY Executive Law 296(1)(a)', 'N.Y. Exec. Law § 296', '(1)(a)'],
  ['N.Y. Gen. Bus. Law § 349', 'N.Y. Gen. Bus. Law § 349'],
  ['NY GBL 349', 'N.Y. Gen. Bus. Law § 349'],
  ['N.Y. Gen. Bus. Law § 349-d', 'N.Y. Gen. Bus. Law § 349-d'],
  ['N.Y. Veh. & Traf. Law § 1192', 'N.Y. Veh. & Traf. Law § 1192'],
  ['New York Vehicle and Traffic Law section 1192', 'N.Y. Veh. & Traf. Law § 1192'],
  ['N.Y. Est. Powers & Trusts Law § 3-2.1', 'N.Y. Est. Powers & Trusts Law § 3-2.1'],
  ['New York Estates, Powers and Trusts Law § 3-2.1', 'N.Y. Est. Powers & Trusts Law § 3-2.1'],
  ['NY EPTL 3-2.1', 'N.Y. Est. Powers & Trusts Law § 3-2.1'],
];

const TX: Case[] = [
  ['Tex. Prop. Code Ann. § 92.0081', 'Tex. Prop. Code Ann. § 92.0081'],
  ['Tex. Prop. Code § 92.0081', 'Tex. Prop. Code Ann. § 92.0081'],
  ['Texas Property Code 92.0081', 'Tex. Prop. Code Ann. § 92.0081'],
  ['Texas Property Code section 92.0081', 'Tex. Prop. Code Ann. § 92.0081'],
  ['Texas Property Code § 92.0081(b)', 'Tex. Prop. Code Ann. § 92.0081', '(b)'],
  ['Tex Prop Code 92.0081', 'Tex. Prop. Code Ann. § 92.0081'],
  ['Tex. Prop. Code Ann. § 92.0081 (West 2023)', 'Tex. Prop. Code Ann. § 92.0081'],
  ['Tex. Bus. & Com. Code Ann. § 17.46', 'Tex. Bus. & Com. Code Ann. § 17.46'],
  ['Tex. Bus. & Com. Code § 17.46(b)(24)', 'Tex. Bus. & Com. Code Ann. § 17.46', '(b)(24)'],
  ['Texas Business and Commerce Code section 17.46', 'Tex. Bus. & Com. Code Ann. § 17.46'],
  ['Tex. Civ. Prac. & Rem. Code Ann. § 16.003', 'Tex. Civ. Prac. & Rem. Code Ann. § 16.003'],
  ['Texas Civil Practice and Remedies Code § 16.003', 'Tex. Civ. Prac. & Rem. Code Ann. § 16.003'],
  ['Tex. Fam. Code Ann. § 6.502', 'Tex. Fam. Code Ann. § 6.502'],
  ['Texas Family Code 153.002', 'Tex. Fam. Code Ann. § 153.002'],
  ['Tex. Penal Code Ann. § 22.01', 'Tex. Penal Code Ann. § 22.01'],
  ['Texas Penal Code § 22.01(a)(1)', 'Tex. Penal Code Ann. § 22.01', '(a)(1)'],
  ["Tex. Gov't Code Ann. § 552.021", "Tex. Gov't Code Ann. § 552.021"],
  ['Texas Government Code section 552.021', "Tex. Gov't Code Ann. § 552.021"],
  ['Tex. Health & Safety Code Ann. § 481.115', 'Tex. Health & Safety Code Ann. § 481.115'],
  ['Tex. Lab. Code Ann. § 21.051', 'Tex. Lab. Code Ann. § 21.051'],
  ['Tex. Ins. Code Ann. § 541.060', 'Tex. Ins. Code Ann. § 541.060'],
  ['Tex. Occ. Code Ann. § 1101.652', 'Tex. Occ. Code Ann. § 1101.652'],
  ['Tex. Tax Code Ann. § 11.13', 'Tex. Tax Code Ann. § 11.13'],
  ['Tex. Transp. Code Ann. § 545.351', 'Tex. Transp. Code Ann. § 545.351'],
  ['Tex. Educ. Code Ann. § 21.211', 'Tex. Educ. Code Ann. § 21.211'],
  ['Tex. Est. Code Ann. § 256.003', 'Tex. Est. Code Ann. § 256.003'],
  ['Texas Estates Code § 256.003', 'Tex. Est. Code Ann. § 256.003'],
];

const FL_IL: Case[] = [
  ['Fla. Stat. § 83.49', 'Fla. Stat. § 83.49'],
  ['Fla. Stat. Ann. § 83.49', 'Fla. Stat. § 83.49'],
  ['Florida Statutes section 83.49', 'Fla. Stat. § 83.49'],
  ['Fla. Stat. § 83.49(3)(a)', 'Fla. Stat. § 83.49', '(3)(a)'],
  ['section 768.28, Florida Statutes', 'Fla. Stat. § 768.28'],
  ['735 ILCS 5/13-202', '735 Ill. Comp. Stat. 5/13-202'],
  ['735 Ill. Comp. Stat. 5/13-202', '735 Ill. Comp. Stat. 5/13-202'],
  ['735 Ill. Comp. Stat. Ann. 5/13-202', '735 Ill. Comp. Stat. 5/13-202'],
  ['740 ILCS 14/15(b)', '740 Ill. Comp. Stat. 14/15', '(b)'],
  ['820 ILCS 105/4a', '820 Ill. Comp. Stat. 105/4a'],
];

const TABLES: Record<string, Case[]> = { US, DC, VA, CO, CA, NY, TX, 'FL and IL': FL_IL };

for (const [name, cases] of Object.entries(TABLES)) {
  describe(`parseCitation: ${name}`, () => {
    for (const [input, canonical, pinpoint] of cases) {
      test(JSON.stringify(input), () => {
        const parsed = parseCitation(input);
        assert.ok(parsed, `expected ${JSON.stringify(input)} to parse`);
        assert.equal(parsed.canonical, canonical);
        assert.equal(parsed.pinpoint, pinpoint ?? null);
        assert.ok(!parsed.canonical.includes('('), 'canonical never carries the pinpoint');
        // The canonical string is itself a citation that parses to the same section.
        const again = parseCitation(parsed.canonical);
        assert.ok(again, `canonical ${parsed.canonical} must parse`);
        assert.deepEqual({ ...again, pinpoint: parsed.pinpoint }, parsed);
      });
    }
  });
}

describe('parseCitation: parsed fields', () => {
  test('U.S.C. carries its title apart from the section', () => {
    assert.deepEqual(parseCitation('42 USC 1983(a)(1)'), {
      jurisdiction: 'US',
      codeName: 'U.S.C.',
      title: '42',
      section: '1983',
      pinpoint: '(a)(1)',
      canonical: '42 U.S.C. § 1983',
    });
  });
  test('D.C. Code has no title and keeps the title in the section', () => {
    assert.deepEqual(parseCitation('DC Code 42-3505.01(a-1)(1)'), {
      jurisdiction: 'DC',
      codeName: 'D.C. Code',
      title: null,
      section: '42-3505.01',
      pinpoint: '(a-1)(1)',
      canonical: 'D.C. Code § 42-3505.01',
    });
  });
  test('Virginia, Colorado, California, New York, Texas', () => {
    const fields = (s: string) => {
      const p = parseCitation(s);
      return p && [p.jurisdiction, p.codeName, p.title, p.section];
    };
    assert.deepEqual(fields('Va. Code § 62.1-44.15:20'), ['VA', 'Va. Code Ann.', null, '62.1-44.15:20']);
    assert.deepEqual(fields('CRS 24-4-103.5'), ['CO', 'Colo. Rev. Stat.', null, '24-4-103.5']);
    assert.deepEqual(fields('Cal Civ Code 1950.5'), ['CA', 'Cal. Civ. Code', null, '1950.5']);
    assert.deepEqual(fields('NY GOL 5-1401'), ['NY', 'N.Y. Gen. Oblig. Law', null, '5-1401']);
    assert.deepEqual(fields('Tex. Prop. Code 92.0081'), ['TX', 'Tex. Prop. Code Ann.', null, '92.0081']);
    assert.deepEqual(fields('735 ILCS 5/13-202'), ['IL', 'Ill. Comp. Stat.', '735', '5/13-202']);
  });
  test('a pinpoint with inner spaces comes back without them', () => {
    assert.equal(parseCitation('42 U.S.C. § 1983 (a) (1)')?.pinpoint, '(a)(1)');
    assert.equal(parseCitation('section 24-4-103 (3) (a), C.R.S.')?.pinpoint, '(3)(a)');
  });
});
