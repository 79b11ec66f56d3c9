// Real passages cut from CUAD v1 contracts (CC BY 4.0, The Atticus Project), at the offsets the
// passage chunker produces; see /work/shared/data/README.md. File ids are arbitrary test ids.
import type { RetrievedPassage } from '../answer-engine.js';

/** ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT [19153, 20141) */
export const ADAMS_LAW: RetrievedPassage = {
  fileId: 4,
  fileName: "ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt",
  page: null,
  text: "25. APPLICABLE LAW\n\nThis Agreement shall be governed and construed according to the laws of the State of Kansas.\n\n26. ENTIRE AGREEMENT\n\nThe provisions of this Agreement are intended by the parties as a complete, conclusive and final expression of their agreement concerning the subject matter hereof, which Agreement supersedes all prior agreements concerning the subject matter, and no other statement, representation, agreement or understanding, oral or written, made prior to or at the execution hereof, shall vary or modify the written terms hereof. No amendments, modifications or releases from any provision hereof shall be effective unless in writing and signed by both parties.\n\n27. WAIVER\n\nUnless otherwise mutually agreed in writing, no departure from, waiver of, or omission to require compliance with any of the terms hereof by either party shall be deemed to authorize any prior or subsequent departure or waiver, or obligate either party to continue any departure or waiver.",
  score: 1,
};

/** ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT [17273, 18349) */
export const ADAMS_TERMINATION: RetrievedPassage = {
  fileId: 4,
  fileName: "ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt",
  page: null,
  text: "TERMINATION\n\n22.  FAILURE TO PLAY\n\nNotwithstanding any other paragraph of this Agreement, in the event that CONSULTANT dies or is unable to play tour golf at all, ADAMS GOLF may terminate this Agreement on thirty (30) days' written notice. Upon such termination, CONSULTANT and/or CONSULTANT'S estate shall be required to repay ADAMS GOLF for that period of the Agreement not performed by CONSULTANT. The repayment amount shall be calculated in the same way as repayment is calculated under paragraph 8A.   9\n\n\n\n\n\n  23.  TERMINATION FOR CAUSE\n\nNotwithstanding any other paragraph of this Agreement, if either party commits any material breach of this Agreement, the other party may terminate for cause upon giving fifteen (15) days written notice of such cause and provided the breach is not rectified within such fifteen (15) day period. Upon such termination, CONSULTANT shall be required to repay ADAMS GOLF for that period of the Agreement not performed by CONSULTANT. The repayment amount shall be calculated in the same way as repayment is calculated under paragraph 8A.",
  score: 1,
};

/** ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT [5521, 6366) */
export const ADAMS_PRODUCT: RetrievedPassage = {
  fileId: 4,
  fileName: "ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt",
  page: null,
  text: "7.   CONSULTANT'S SATISFACTION OF MANDATORY PRODUCT\n\nIt is particularly and expressly understood and agreed that if CONSULTANT shall find in his sincere best reasonable judgment that the MANDATORY PRODUCT so supplied is not suitable for his use in tournament competition, then he shall promptly notify ADAMS GOLF in writing of such fact and the reasons therefor. Thereafter, ADAMS GOLF shall have a period of thirty (30) days to either, at ADAMS GOLF'S sole discretion, supply CONSULTANT with MANDATORY PRODUCT that is acceptable to him or terminate the agreement. It is agreed that if the contract is terminated pursuant to this paragraph, the compensation due CONSULTANT shall be prorated from the date this Agreement is terminated. Proration of compensation shall be determined on the same repayment schedule as provide in paragraph 8A below.",
  score: 1,
};

/** ICORECONNECTINC_10_13_2010-EX-7.1-Strategic Alliance Agreement [9316, 10202) */
export const ICORE_TERMINATION: RetrievedPassage = {
  fileId: 9,
  fileName: "ICORECONNECTINC_10_13_2010-EX-7.1-Strategic Alliance Agreement.txt",
  page: null,
  text: "In such an instance, all compensation will continue for a extended period of five years from the date of termination for all subscriptions tagged as USA MCO.\n\n\n\n\n\n\n\n    4. INTELLECTUAL PROPERTY   Each party shall exclusively own its respective trademarks and service marks, copyrights, trade secrets, and patents (collectively, the \"Intellectual Property\") and will not have any claim or right to the other party's Intellectual Property by virtue of this Agreement or the performance of services hereunder. Neither party will take any action or make any claim to any Intellectual Property belonging to the other party, whether during the Term of this Agreement or thereafter.\n\n5. TERMINATION\n\nA. Termination Without Cause. Both parties may terminate this Agreement upon ninety (\"90\") days written notice to the other party at the address stated in this Agreement as per section 3 above.",
  score: 1,
};

/** ICORECONNECTINC_10_13_2010-EX-7.1-Strategic Alliance Agreement [22680, 23421) */
export const ICORE_NOTICES: RetrievedPassage = {
  fileId: 9,
  fileName: "ICORECONNECTINC_10_13_2010-EX-7.1-Strategic Alliance Agreement.txt",
  page: null,
  text: "13. NOTICES\n\nA. Any notice required to be given pursuant to this Agreement shall be in writing and mailed by certified or registered mail, return receipt requested or delivered by a national overnight express service.\n\nFor IMedicor:     Fred Zolla, CEO   IMedicor, Inc.   523 Avalon Gardens Drive   Nanuet, New York 10954   For the USA MCO:     George Bogle, CEO / President   USA MCO Solutions Corp,   916 South Capital of Texas Highway   Austin, TX 78746\n\nEither party may change the address or entity to which notice or payment is to be sent by written notice to the other party pursuant to the provisions of this paragraph.\n\n\n\n\n\n\n\n    14. JURISDICTION DISPUTES\n\nA. This Agreement shall be governed by the internal laws State of New York.",
  score: 1,
};

/** Antares Pharma, Inc. - Manufacturing Agreement [97549, 98655) */
export const ANTARES_LAW: RetrievedPassage = {
  fileId: 12,
  fileName: "Antares Pharma, Inc. - Manufacturing Agreement.txt",
  page: null,
  text: "12.4 Descriptive Headings. The descriptive headings of this Agreement are for convenience only, and shall be of no force or effect in construing or interpreting any of the provisions of this Agreement.\n\n12.5 Governing Law; Choice of Forum. This Agreement shall be governed by and interpreted in accordance with the substantive laws of the State of New York, without regard to its conflict of law provisions. The Parties agree that the United Nations Convention on Contracts for the International Sale of Goods does not apply to this Agreement. Except as otherwise provided in ARTICLE 11, all claims and proceedings under this Agreement shall be brought exclusively in the state or federal courts of competent subject matter jurisdiction in New York City, State of New York. The Parties hereby waive (i) any objection which it may have at any time to the venue of the proceeding in any such court, (ii) any claim that such proceedings have been brought in an inconvenient forum, and (iii) the right to object, with respect to such proceedings, that such court does not have any jurisdiction over such Party.",
  score: 1,
};

/** Contract openings, for party extraction. */
/** EuromediaHoldingsCorp_20070215_10SB12G_EX-10.B(01)_525118_EX-10.B(01)_Content License Agreement [15356, 16203) */
export const EUROMEDIA_LIABILITY: RetrievedPassage = {
  fileId: 21,
  fileName: "EuromediaHoldingsCorp_20070215_10SB12G_EX-10.B(01)_525118_EX-10.B(01)_Content License Agreement.txt",
  page: null,
  text: "(b) Rogers shall indemnify Licensor and its affiliates from and against any and all claims, damages, liabilities, costs and expenses (including, without limitation, reasonable legal fees) arising out of or caused by:     (i) any breach by Rogers of any material term of this Agreement; and     (ii) any claim by a Rogers customer, except a claim related to the content of any Licensed Program, trailer and/or other promotional materials provided by Licensor to Rogers hereunder.     (c) This Section shall survive the termination or expiration of this Agreement.     16. LIMITATION OF LIABILITY.   Except with respect to any claim or liability arising from an infringement of any third party intellectual property right, in no event shall either party be liable for any special, indirect, consequential, punitive or incidental damages of any kind.",
  score: 1,
};

export const OPENINGS = {
  accuray: "Exhibit 10.31    PURSUANT TO 17 C.F.R. § 240.24B-2, CONFIDENTIAL INFORMATION (INDICATED BY {*****}) HAS BEEN OMITTED FROM THIS  DOCUMENT AND HAS BEEN FILED SEPARATELY WITH THE SECURITIES AND EXCHANGE COMMISSION PURSUANT TO A  CONFIDENTIAL TREATMENT APPLICATION FILED WITH THE COMMISSION     ACCURAY INCORPORATED  MULTIPLE LINAC AND MULTI-MODALITY   DISTRIBUTOR AGREEMENT     This Multiple LINAC and Multi-Modality Distributor Agreement (\"Agreement\") is entered into by and between ACCURAY  INCORPORATED, a Delaware corporation with its executive offices located at 1310 Chesapeake Terrace, Sunnyvale, California 94089, USA  (\"Accuray\"), and SIEMENS AKTIENGESELLSCHAFT, a corporation formed under the laws of the Federal Republic of Germany, with its registered  offices located at Berlin and Munich (\"Siemens\"), as of June 8, 2010 (\"Effective Date\").     RECITALS     Accuray manufactures and sells full-body radiosurgery systems using image-guided robotics, including the CyberKnife® Robotic  Radiosurgery System, which is FDA cleared in the United States to provide treatment planning and image-gui",
  adamsGolf: "REDACTED COPY\n\nCONFIDENTIAL TREATMENT REQUESTED\n\nCONFIDENTIAL PORTIONS OF THIS\n\nDOCUMENT HAVE BEEN REDACTED\n\nAND HAVE BEEN SEPARATELY\n\nFILED WITH THE COMMISSION\n\n  1\n\n\n\n\n\nENDORSEMENT AGREEMENT\n\nThis Agreement is entered into on January 13, 2005 between professional golfer, TOM WATSON, (hereinafter referred to as \"CONSULTANT\") and ADAMS GOLF, LTD. (hereinafter referred to as \"ADAMS GOLF\").\n\nWITNESSETH\n\nWHEREAS, ADAMS ",
  antares: "Exhibit 10.3\n\n[***] INDICATES MATERIAL THAT HAS BEEN OMITTED AND FOR WHICH CONFIDENTIAL TREATMENT HAS BEEN REQUESTED. ALL SUCH OMITTED MATERIAL HAS BEEN FILED WITH THE SECURITIES AND EXCHANGE COMMISSION PURSUANT TO RULE 24b-2 PROMULGATED UNDER THE SECURITIES EXCHANGE ACT OF 1934, AS AMENDED\n\nManufacturing Agreement\n\nBetween\n\nAntares Pharma, Inc.\n\nand\n\nAMAG Pharmaceuticals, Inc.\n\n\n\n\n\n[***] INDICATES MATERIAL THAT HAS BEEN OMITTED AND FOR WHICH CONFIDENTIAL TREATMENT HAS BEEN REQUESTED. ALL SUCH OMITTED MATERIAL HAS BEEN FILED WITH THE SECURITIES AND EXCHANGE COMMISSION PURSUANT TO RULE 24b-2 PROMULGATED UNDER THE SECURITIES EXCHANGE ACT OF 1934, AS AMENDED\n\nMANUFACTURING AGREEMENT\n\nThis Manufacturing Agreement (\"Agreement\") is made and entered into as of the 20th day of March, 2018 (the \"Effective Date\") by and between Antares Pharma, Inc., a Delaware corporation, with offices located at 100 Princeton South, Suite 300, Ewing, NJ 08628 (\"Antares\"), and AMAG Pharmaceuticals, Inc., a Delaware corporation, with a corporate address at 1100 ",
  limeEnergy: "EXHIBIT 10.6\n\n                              DISTRIBUTOR AGREEMENT\n\n         THIS  DISTRIBUTOR  AGREEMENT (the  \"Agreement\")  is made by and between Electric City Corp.,  a Delaware  corporation  (\"Company\")  and Electric City of Illinois LLC (\"Distributor\") this 7th day of September, 1999.\n\n                                    RECITALS\n\n         A. The  Company's  Business.  The Company is  present",
  // AFSALABANCORPINC_08_01_1996-EX-1.1-AGENCY AGREEMENT: a letter agreement, no "between" clause.
  afsala: "Exhibit 1.1\n\n                                1,265,000 Shares                    (subject to increase up to 1,454,750 shares                       in the event of an oversubscription)\n\n                              AFSALA BANCORP, INC.                             (a Delaware corporation)\n\n                                  COMMON STOCK                            ($0.10 Par Value Per Share)\n\n                      Subscription Price: $10.00 Per Share\n\n                                AGENCY AGREEMENT\n\n                                                            ____________, 1996\n\nCapital Resources, Inc. 1701 K Street, N.W. Suite 700 Washington, D.C. 20006\n\nLadies and Gentlemen:\n\n                  AFSALA  Bancorp,  Inc. (the  \"Company\") and Amsterdam  Federal Savings and Loan  Association,  a federally  chartered  mutual  savings and loan association  (\"Association\"),  with its deposit  accou",
  // BICYCLETHERAPEUTICSPLC_03_10_2020-EX-10.11-SERVICE AGREEMENT: enumerated parties.
  bicycle: "Exhibit 10.11\n\nDATED 26 September 2019\n\nBicycleTX Ltd\n\nand\n\nNigel Crockett\n\n___________________________________________________\n\nSERVICE AGREEMENT\n\n___________________________________________________\n\n\n\n\n\nTHIS AGREEMENT is made on 26 September 2019\n\nBETWEEN:\n\n(1) BICYCLETX LIMITED a company incorporated under the laws of England and Wales (Company Number 11036101) whose registered office is at Building 900 Babraham Research Campus, Babraham, Cambridgeshire, CB22 3AT, United Kingdom (the \"Company\"); and\n\n(2) NIGEL CROCKETT of (the ''Employee\").\n\nIT IS AGREED as follows:\n\n1. COMMENCEMENT OF EMPLOYMENT\n\n1.1 This Agreement shall take effect 26  September 2019 (the \"Effective Date\").\n\n1.2 Your employment shall commence on 26  September 2019 and shall continue unless and until either party gives",
  agape: "ODM - SUPPLY AGREEMENT BETWEEN: ORGANIC PREPARATIONS INC. 2nd Floor, Transpacific Haus Lini Highway, Port Vila. Vanuatu \"the Manufacturer\" -- AND -- AGAPE ATP INTERNATIONAL HOLDING LIMITED Unit 05, 4F, Energy Plaza No. 92, Granville Road Tsim Sha Tsui East Kowloon, Hong Kong \"the Customer\"\n\nSource: AGAPE ATP CORP, 10-K/A, 12/2/2019\n\n\n\n\n\nODM SUPPLY AGREEMENT THIS AGREEMENT is made on the 15t h day of January 2018. BETWEEN: ORGANIC PREPARATIONS INC. 2nd Floor, Transpacific Haus Lini Highway, Port Vila. Vanuatu ('the Manufacturer') of one part AND: AGAPE ATP INTERNATIONAL HOLDING LIMITED Unit 05, 4F, Energy Plaza No. 92, Granville Road Tsim Sha Tsui East Kowloon, Hong Kong ('the Customer') of t",
};
