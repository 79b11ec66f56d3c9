/*
 * folio_bm25(table, name, w1, w2, ...): FTS5's bm25(table, w1, w2, ...) (k1 = 1.2, b = 0.75, a
 * weight per column, 1 for those not given), scoring each row as bm25() does, summand for summand
 * in the same order, so the two give the same doubles. What differs: this connection keeps, under
 * the table's `name` (null keeps nothing), each row's length in tokens and the number of rows
 * holding each phrase, between queries; and for a named contentless_delete table it reads the rows
 * and tokens the table holds from its %_docsize, since FTS5 does not take a deleted row out of that
 * table's totals (SQLite 3.53: after a statute re-import, 37,279 rows counted for 29,897 held), which
 * shifted every score and ranked differently from PostgreSQL.
 *
 * Why by hand: bm25 needs the length of every row it scores, and FTS5 reads it (xColumnSize) from
 * the table's %_docsize b-tree, one lookup per row. Ranking a data room's common-word question
 * scores up to a million passages, and those lookups were 60% of its time (measured on a room of
 * 20,000 contracts, 1.3 million passages). And for each query, bm25 counts the rows holding each
 * phrase by running the phrase as a query of its own (xQueryPhrase): a pruned search
 * (pruned-ranking.ts) runs several queries of the same common words, each counting them again.
 * FTS5 keeps neither in memory and no library offers a ranking function that does; an auxiliary
 * function is FTS5's way in, and SQLite loads one only from a shared library
 * (scripts/build-native.mjs builds this file, src/db/fts/folio-bm25.ts loads it into a connection).
 *
 * A named table's queries must hold only plain phrases: no prefix (`word*`) and no column filter,
 * since a phrase's count is kept by its tokens, which are the same for `word` and `word*`.
 */
#include <math.h>
#include <string.h>
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1

/*
 * Per table, kept between queries: each row's length in tokens, 2 bytes a row (0: not read yet),
 * in pages of 4,096 rowids allocated as rows are scored; and each phrase's row count, by its
 * tokens. Both are dropped whenever the table changes: at each query the table's structure record
 * (row 10 of its %_data table, which lists the index's segments) and its totals (rows and tokens)
 * are compared with those they were read under. Every write to the index (an insert, or a delete's
 * tombstone) writes a new segment, so changes the structure record.
 */
#define PAGE_BITS 12
#define PAGE_ROWS (1 << PAGE_BITS)
/* Pages one connection may hold over all its tables: 4,096 x 8 KB = 32 MB. */
#define MAX_PAGES 4096
/* Lengths of rowids past 2^32 are not kept: the page directory stays under 8 MB. */
#define MAX_PAGE_INDEX ((sqlite3_int64)1 << 20)

/* Phrase counts one connection keeps over all its tables before they are all dropped (a few MB). */
#define MAX_COUNTS 65536
#define COUNT_BUCKETS 1024
/* Tables one connection keeps lengths, counts and structure records of at once. */
#define MAX_TABLES 64

typedef struct PhraseCount PhraseCount;
struct PhraseCount {
  PhraseCount *pNext;
  sqlite3_int64 nHit;
  int nKey;
  char aKey[1]; /* the phrase's tokens, each as 4 bytes of length and its bytes */
};

typedef struct TableCache TableCache;
struct TableCache {
  char *zTable;
  sqlite3_int64 nRow, nToken;
  /*
   * The rows and tokens the table really holds, counted from its %_docsize table when it is
   * contentless_delete (FTS5 leaves such a table's totals as they were when a row is deleted), or
   * -1 to use FTS5's totals.
   */
  sqlite3_int64 nLiveRow, nLiveToken;
  unsigned char *aStructure;
  int nStructure;
  unsigned short **apPage;
  sqlite3_int64 nDir;
  PhraseCount **aBucket; /* COUNT_BUCKETS chains, allocated with the first count */
  int nCount;
  TableCache *pNext;
};

typedef struct Connection {
  sqlite3 *db;
  TableCache *pTables;
  int nTables;
  sqlite3_int64 nPages;
  int nCounts;
} Connection;

static void dropCounts(Connection *c, TableCache *t) {
  if (t->aBucket == 0) return;
  for (int i = 0; i < COUNT_BUCKETS; i++) {
    PhraseCount *e = t->aBucket[i];
    while (e != 0) {
      PhraseCount *next = e->pNext;
      sqlite3_free(e);
      e = next;
    }
  }
  sqlite3_free(t->aBucket);
  t->aBucket = 0;
  c->nCounts -= t->nCount;
  t->nCount = 0;
}

/* FNV-1a */
static unsigned int hashKey(const char *a, int n) {
  unsigned int h = 2166136261u;
  for (int i = 0; i < n; i++) h = (h ^ (unsigned char)a[i]) * 16777619u;
  return h;
}

/* The kept count of the phrase with these tokens, or -1. */
static sqlite3_int64 keptCount(const TableCache *t, const char *aKey, int nKey) {
  if (t->aBucket == 0) return -1;
  for (const PhraseCount *e = t->aBucket[hashKey(aKey, nKey) % COUNT_BUCKETS]; e != 0; e = e->pNext) {
    if (e->nKey == nKey && memcmp(e->aKey, aKey, (size_t)nKey) == 0) return e->nHit;
  }
  return -1;
}

static void keepCount(Connection *c, TableCache *t, const char *aKey, int nKey, sqlite3_int64 nHit) {
  if (c->nCounts >= MAX_COUNTS) {
    for (TableCache *u = c->pTables; u != 0; u = u->pNext) dropCounts(c, u);
  }
  if (t->aBucket == 0) {
    t->aBucket = (PhraseCount **)sqlite3_malloc64(COUNT_BUCKETS * sizeof(PhraseCount *));
    if (t->aBucket == 0) return;
    memset(t->aBucket, 0, COUNT_BUCKETS * sizeof(PhraseCount *));
  }
  PhraseCount *e = (PhraseCount *)sqlite3_malloc64(sizeof(PhraseCount) + (size_t)nKey);
  if (e == 0) return;
  e->nHit = nHit;
  e->nKey = nKey;
  memcpy(e->aKey, aKey, (size_t)nKey);
  unsigned int b = hashKey(aKey, nKey) % COUNT_BUCKETS;
  e->pNext = t->aBucket[b];
  t->aBucket[b] = e;
  t->nCount++;
  c->nCounts++;
}

static void dropPages(Connection *c, TableCache *t) {
  for (sqlite3_int64 i = 0; i < t->nDir; i++) {
    if (t->apPage[i] != 0) {
      sqlite3_free(t->apPage[i]);
      c->nPages--;
    }
  }
  sqlite3_free(t->apPage);
  t->apPage = 0;
  t->nDir = 0;
}

/* When the connection closes: everything it kept. */
static void destroyConnection(void *p) {
  Connection *c = (Connection *)p;
  TableCache *t = c->pTables;
  while (t != 0) {
    TableCache *next = t->pNext;
    dropPages(c, t);
    dropCounts(c, t);
    sqlite3_free(t->aStructure);
    sqlite3_free(t->zTable);
    sqlite3_free(t);
    t = next;
  }
  sqlite3_free(c);
}

/* Lets go of what is kept of the table (the next query reads it again). */
static void release(Connection *c, TableCache *t) {
  dropPages(c, t);
  dropCounts(c, t);
  if (t->aStructure != 0) {
    sqlite3_free(t->aStructure);
    t->aStructure = 0;
    t->nStructure = 0;
    c->nTables--;
  }
}

static int sameName(const TableCache *t, const char *zTable, int nTable) {
  return (int)strlen(t->zTable) == nTable && memcmp(t->zTable, zTable, (size_t)nTable) == 0;
}

/*
 * Reads the table's structure record into *paOut (sqlite3_malloc'd) and *pnOut. Prepared for each
 * query, not kept: a statement left open would keep the connection from closing.
 */
static int readStructure(sqlite3 *db, const char *zTable, unsigned char **paOut, int *pnOut) {
  char *zSql = sqlite3_mprintf("SELECT block FROM \"%w_data\" WHERE id = 10", zTable);
  sqlite3_stmt *stmt = 0;
  int rc = zSql == 0 ? SQLITE_NOMEM : sqlite3_prepare_v2(db, zSql, -1, &stmt, 0);
  sqlite3_free(zSql);
  *paOut = 0;
  *pnOut = 0;
  if (rc == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW) {
    int n = sqlite3_column_bytes(stmt, 0);
    const void *a = sqlite3_column_blob(stmt, 0);
    *paOut = (unsigned char *)sqlite3_malloc64((sqlite3_uint64)n + 1);
    if (*paOut == 0) rc = SQLITE_NOMEM;
    else {
      if (n > 0) memcpy(*paOut, a, (size_t)n);
      *pnOut = n;
    }
  } else if (rc == SQLITE_OK) {
    rc = SQLITE_ERROR;
  }
  sqlite3_finalize(stmt);
  return rc;
}

/* Whether the table was created contentless_delete=1 (read from its CREATE statement). */
static int isContentlessDelete(sqlite3 *db, const char *zTable) {
  sqlite3_stmt *stmt = 0;
  int found = 0;
  if (sqlite3_prepare_v2(db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", -1, &stmt, 0) != SQLITE_OK) return 0;
  sqlite3_bind_text(stmt, 1, zTable, -1, SQLITE_STATIC);
  if (sqlite3_step(stmt) == SQLITE_ROW) {
    const char *zSql = (const char *)sqlite3_column_text(stmt, 0);
    if (zSql != 0 && sqlite3_strlike("%contentless_delete%=%1%", zSql, 0) == 0) found = 1;
  }
  sqlite3_finalize(stmt);
  return found;
}

/* SQLite's varint (FTS5 writes %_docsize with it): the value at a[*pi], advancing *pi; 0 past n. */
static sqlite3_uint64 readVarint(const unsigned char *a, int n, int *pi) {
  sqlite3_uint64 v = 0;
  for (int k = 0; k < 9 && *pi < n; k++) {
    unsigned char c = a[(*pi)++];
    if (k == 8) return (v << 8) | c;
    v = (v << 7) | (c & 0x7f);
    if ((c & 0x80) == 0) return v;
  }
  return v;
}

/*
 * The rows of the table and their tokens, all columns, from %_docsize (a varint per column a row):
 * what FTS5's totals would say had every delete been subtracted. An error leaves *pnRow at -1.
 */
static void liveTotals(sqlite3 *db, const char *zTable, sqlite3_int64 *pnRow, sqlite3_int64 *pnToken) {
  char *zSql = sqlite3_mprintf("SELECT sz FROM \"%w_docsize\"", zTable);
  sqlite3_stmt *stmt = 0;
  int rc = zSql == 0 ? SQLITE_NOMEM : sqlite3_prepare_v2(db, zSql, -1, &stmt, 0);
  sqlite3_int64 nRow = 0, nToken = 0;
  sqlite3_free(zSql);
  while (rc == SQLITE_OK && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    const unsigned char *a = (const unsigned char *)sqlite3_column_blob(stmt, 0);
    int n = sqlite3_column_bytes(stmt, 0);
    int i = 0;
    while (i < n) nToken += (sqlite3_int64)readVarint(a, n, &i);
    nRow++;
    rc = SQLITE_OK;
  }
  sqlite3_finalize(stmt);
  *pnRow = rc == SQLITE_DONE ? nRow : -1;
  *pnToken = rc == SQLITE_DONE ? nToken : -1;
}

/*
 * The table's cache, emptied if the table changed since it was filled; null (nothing kept for this
 * query) when its structure record cannot be read or memory runs out.
 */
static TableCache *tableCache(Connection *c, const char *zTable, int nTable, sqlite3_int64 nRow, sqlite3_int64 nToken) {
  TableCache *t = c->pTables;
  while (t != 0 && !sameName(t, zTable, nTable)) t = t->pNext;
  if (t == 0) {
    t = (TableCache *)sqlite3_malloc64(sizeof(TableCache));
    if (t == 0) return 0;
    memset(t, 0, sizeof(TableCache));
    t->zTable = sqlite3_mprintf("%.*s", nTable, zTable);
    if (t->zTable == 0) {
      sqlite3_free(t);
      return 0;
    }
    t->pNext = c->pTables;
    c->pTables = t;
  }
  /*
   * Past MAX_TABLES tables holding something, the others let go of what they hold. Their records
   * themselves stay (a few dozen bytes each) until the connection closes: a query in progress on
   * this connection may still point at one.
   */
  if (t->aStructure == 0 && c->nTables >= MAX_TABLES) {
    for (TableCache *u = c->pTables; u != 0; u = u->pNext) {
      if (u != t) release(c, u);
    }
  }
  unsigned char *aStructure = 0;
  int nStructure = 0;
  if (readStructure(c->db, t->zTable, &aStructure, &nStructure) != SQLITE_OK) return 0;
  if (t->nRow != nRow || t->nToken != nToken || t->aStructure == 0 || t->nStructure != nStructure || memcmp(t->aStructure, aStructure, (size_t)nStructure) != 0) {
    release(c, t);
    t->nRow = nRow;
    t->nToken = nToken;
    t->aStructure = aStructure;
    t->nStructure = nStructure;
    t->nLiveRow = -1;
    t->nLiveToken = -1;
    if (isContentlessDelete(c->db, t->zTable)) liveTotals(c->db, t->zTable, &t->nLiveRow, &t->nLiveToken);
    c->nTables++;
  } else {
    sqlite3_free(aStructure);
  }
  return t;
}

/* The row's length if known, else 0. */
static int knownSize(const TableCache *t, sqlite3_int64 rowid) {
  if (t == 0 || rowid < 0) return 0;
  sqlite3_int64 page = rowid >> PAGE_BITS;
  if (page >= t->nDir || t->apPage[page] == 0) return 0;
  return t->apPage[page][rowid & (PAGE_ROWS - 1)];
}

static void keepSize(Connection *c, TableCache *t, sqlite3_int64 rowid, int nTok) {
  if (t == 0 || rowid < 0 || nTok <= 0 || nTok > 0xffff) return;
  sqlite3_int64 page = rowid >> PAGE_BITS;
  if (page >= MAX_PAGE_INDEX) return;
  if (page >= t->nDir) {
    sqlite3_int64 nDir = t->nDir == 0 ? 64 : t->nDir;
    while (nDir <= page) nDir *= 2;
    unsigned short **a = (unsigned short **)sqlite3_realloc64(t->apPage, (sqlite3_uint64)nDir * sizeof(*a));
    if (a == 0) return;
    memset(&a[t->nDir], 0, (size_t)(nDir - t->nDir) * sizeof(*a));
    t->apPage = a;
    t->nDir = nDir;
  }
  if (t->apPage[page] == 0) {
    if (c->nPages >= MAX_PAGES) return;
    t->apPage[page] = (unsigned short *)sqlite3_malloc64(PAGE_ROWS * sizeof(unsigned short));
    if (t->apPage[page] == 0) return;
    memset(t->apPage[page], 0, PAGE_ROWS * sizeof(unsigned short));
    c->nPages++;
  }
  t->apPage[page][rowid & (PAGE_ROWS - 1)] = (unsigned short)nTok;
}

typedef struct Bm25Data {
  int nPhrase;
  double avgdl;
  double *aIDF;
  double *aFreq;
  /* What is kept of the table, or null when the caller named none (or it could not be read). */
  TableCache *pKept;
} Bm25Data;

static int countRow(const Fts5ExtensionApi *pApi, Fts5Context *pFts, void *pUserData) {
  (void)pApi;
  (void)pFts;
  (*(sqlite3_int64 *)pUserData)++;
  return SQLITE_OK;
}

/* The phrase's tokens as a key of kept counts (sqlite3_malloc'd into *paKey; null when out of memory). */
static int phraseKey(const Fts5ExtensionApi *pApi, Fts5Context *pFts, int iPhrase, char **paKey, int *pnKey) {
  int nToken = pApi->xPhraseSize(pFts, iPhrase);
  sqlite3_uint64 nAlloc = 64;
  int n = 0;
  char *a = (char *)sqlite3_malloc64(nAlloc);
  *paKey = 0;
  *pnKey = 0;
  if (a == 0) return SQLITE_OK;
  for (int j = 0; j < nToken; j++) {
    const char *zToken = 0;
    int nTok = 0;
    int rc = pApi->xQueryToken(pFts, iPhrase, j, &zToken, &nTok);
    if (rc != SQLITE_OK) {
      sqlite3_free(a);
      return rc;
    }
    if ((sqlite3_uint64)n + 4 + (sqlite3_uint64)nTok > nAlloc) {
      while ((sqlite3_uint64)n + 4 + (sqlite3_uint64)nTok > nAlloc) nAlloc *= 2;
      char *b = (char *)sqlite3_realloc64(a, nAlloc);
      if (b == 0) {
        sqlite3_free(a);
        return SQLITE_OK;
      }
      a = b;
    }
    memcpy(a + n, &nTok, 4);
    if (nTok > 0) memcpy(a + n + 4, zToken, (size_t)nTok);
    n += 4 + nTok;
  }
  *paKey = a;
  *pnKey = n;
  return SQLITE_OK;
}

/* Per query, as bm25() computes it: the average row length and each phrase's IDF. */
static int bm25Data(const Fts5ExtensionApi *pApi, Fts5Context *pFts, Connection *conn, int nVal, sqlite3_value **apVal, Bm25Data **ppData) {
  Bm25Data *p = (Bm25Data *)pApi->xGetAuxdata(pFts, 0);
  if (p == 0) {
    int rc = SQLITE_OK;
    int nPhrase = pApi->xPhraseCount(pFts);
    sqlite3_int64 nRow = 0, nToken = 0;
    size_t nByte = sizeof(Bm25Data) + (size_t)nPhrase * 2 * sizeof(double);
    p = (Bm25Data *)sqlite3_malloc64(nByte);
    if (p == 0) return SQLITE_NOMEM;
    memset(p, 0, nByte);
    p->nPhrase = nPhrase;
    p->aIDF = (double *)&p[1];
    p->aFreq = &p->aIDF[nPhrase];
    rc = pApi->xRowCount(pFts, &nRow);
    if (rc == SQLITE_OK) rc = pApi->xColumnTotalSize(pFts, -1, &nToken);
    if (rc == SQLITE_OK) p->avgdl = (double)nToken / (double)nRow;
    if (rc == SQLITE_OK && nVal > 0 && sqlite3_value_type(apVal[0]) == SQLITE_TEXT) {
      const char *zTable = (const char *)sqlite3_value_text(apVal[0]);
      int nTable = sqlite3_value_bytes(apVal[0]);
      /* Past half the budget, the other tables' lengths make room for this one's. */
      if (conn->nPages > MAX_PAGES / 2) {
        for (TableCache *t = conn->pTables; t != 0; t = t->pNext) {
          if (!sameName(t, zTable, nTable)) dropPages(conn, t);
        }
      }
      p->pKept = tableCache(conn, zTable, nTable, nRow, nToken);
      if (p->pKept != 0 && p->pKept->nLiveRow > 0) {
        nRow = p->pKept->nLiveRow;
        p->avgdl = (double)p->pKept->nLiveToken / (double)nRow;
      }
    }
    for (int i = 0; rc == SQLITE_OK && i < nPhrase; i++) {
      sqlite3_int64 nHit = -1;
      char *aKey = 0;
      int nKey = 0;
      /* xQueryToken arrived with version 3 of the API (SQLite 3.44). */
      if (p->pKept != 0 && pApi->iVersion >= 3) rc = phraseKey(pApi, pFts, i, &aKey, &nKey);
      if (aKey != 0) nHit = keptCount(p->pKept, aKey, nKey);
      if (rc == SQLITE_OK && nHit < 0) {
        nHit = 0;
        rc = pApi->xQueryPhrase(pFts, i, (void *)&nHit, countRow);
        if (rc == SQLITE_OK && aKey != 0) keepCount(conn, p->pKept, aKey, nKey, nHit);
      }
      sqlite3_free(aKey);
      if (rc == SQLITE_OK) {
        double idf = log((nRow - nHit + 0.5) / (nHit + 0.5));
        if (idf <= 0.0) idf = 1e-6;
        p->aIDF[i] = idf;
      }
    }
    if (rc == SQLITE_OK) rc = pApi->xSetAuxdata(pFts, p, sqlite3_free);
    else sqlite3_free(p);
    if (rc != SQLITE_OK) return rc;
  }
  *ppData = p;
  return SQLITE_OK;
}

static void folioBm25(const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal, sqlite3_value **apVal) {
  const double k1 = 1.2;
  const double b = 0.75;
  Connection *conn = (Connection *)pApi->xUserData(pFts);
  Bm25Data *pData = 0;
  int nInst = 0;
  int nTok = 0;
  double score = 0.0;
  int rc = bm25Data(pApi, pFts, conn, nVal, apVal, &pData);
  if (rc == SQLITE_OK) {
    memset(pData->aFreq, 0, sizeof(double) * (size_t)pData->nPhrase);
    rc = pApi->xInstCount(pFts, &nInst);
  }
  for (int i = 0; rc == SQLITE_OK && i < nInst; i++) {
    int ip, ic, io;
    rc = pApi->xInst(pFts, i, &ip, &ic, &io);
    if (rc == SQLITE_OK) pData->aFreq[ip] += (nVal > ic + 1) ? sqlite3_value_double(apVal[ic + 1]) : 1.0;
  }
  if (rc == SQLITE_OK) {
    sqlite3_int64 rowid = pApi->xRowid(pFts);
    nTok = knownSize(pData->pKept, rowid);
    if (nTok == 0) {
      rc = pApi->xColumnSize(pFts, -1, &nTok);
      if (rc == SQLITE_OK) keepSize(conn, pData->pKept, rowid, nTok);
    }
  }
  if (rc != SQLITE_OK) {
    sqlite3_result_error_code(pCtx, rc);
    return;
  }
  double D = (double)nTok;
  for (int i = 0; i < pData->nPhrase; i++) {
    double f = pData->aFreq[i];
    score += pData->aIDF[i] * ((f * (k1 + 1.0)) / (f + k1 * (1 - b + b * D / pData->avgdl)));
  }
  sqlite3_result_double(pCtx, -1.0 * score);
}

static fts5_api *fts5Api(sqlite3 *db) {
  fts5_api *api = 0;
  sqlite3_stmt *stmt = 0;
  if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &stmt, 0) == SQLITE_OK) {
    sqlite3_bind_pointer(stmt, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(stmt);
  }
  sqlite3_finalize(stmt);
  return api;
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_folio_bm25_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi) {
  SQLITE_EXTENSION_INIT2(pApi);
  fts5_api *api = fts5Api(db);
  if (api == 0 || api->iVersion < 2) {
    *pzErrMsg = sqlite3_mprintf("folio_bm25 needs FTS5");
    return SQLITE_ERROR;
  }
  Connection *conn = (Connection *)sqlite3_malloc64(sizeof(Connection));
  if (conn == 0) return SQLITE_NOMEM;
  memset(conn, 0, sizeof(Connection));
  conn->db = db;
  return api->xCreateFunction(api, "folio_bm25", conn, folioBm25, destroyConnection);
}
