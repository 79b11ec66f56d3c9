/*
 * folio_bm25(table, name): FTS5's bm25(table) (k1 = 1.2, b = 0.75, no column weights), scoring
 * each row as bm25() does, summand for summand in the same order, so the two give the same
 * doubles. What differs: this connection keeps each row's length in tokens between queries, under
 * the table's `name` (null keeps none).
 *
 * Why by hand: bm25 needs the length of every row it scores, and FTS5 reads it (xColumnSize) from
 * the table's %_docsize b-tree, one lookup per row. Ranking a data room's common-word question
 * scores up to a million passages, and those lookups were 60% of its time (measured on a room of
 * 20,000 contracts, 1.3 million passages). FTS5 keeps no lengths in memory and no library offers a
 * ranking function that does; an auxiliary function is FTS5's way in, and SQLite loads one only
 * from a shared library (scripts/build-native.mjs builds this file, src/db/fts/folio-bm25.ts loads
 * it into a connection).
 */
#include <math.h>
#include <string.h>
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1

/*
 * Each row's length in tokens, per table, kept between queries: 2 bytes a row (0: not read yet),
 * in pages of 4,096 rowids allocated as rows are scored. A length read once stays right while the
 * row does. Folio's passages never change text and take AUTOINCREMENT ids, never reused; for any
 * other table, a table's lengths are also dropped whenever its totals (rows and tokens, read from
 * FTS5's averages record at each query) differ from those they were read under, so only a
 * rewrite that leaves both totals exactly as they were could leave a length stale.
 */
#define PAGE_BITS 12
#define PAGE_ROWS (1 << PAGE_BITS)
/* Pages one connection may hold over all its tables: 4,096 x 8 KB = 32 MB. */
#define MAX_PAGES 4096
/* Lengths of rowids past 2^32 are not kept: the page directory stays under 8 MB. */
#define MAX_PAGE_INDEX ((sqlite3_int64)1 << 20)

typedef struct SizeCache SizeCache;
struct SizeCache {
  char *zTable;
  sqlite3_int64 nRow, nToken;
  unsigned short **apPage;
  sqlite3_int64 nDir;
  SizeCache *pNext;
};

typedef struct Connection {
  SizeCache *pTables;
  sqlite3_int64 nPages;
} Connection;

static void dropPages(Connection *c, SizeCache *t) {
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

static void dropAll(Connection *c) {
  SizeCache *t = c->pTables;
  while (t != 0) {
    SizeCache *next = t->pNext;
    dropPages(c, t);
    sqlite3_free(t->zTable);
    sqlite3_free(t);
    t = next;
  }
  c->pTables = 0;
  c->nPages = 0;
}

static void destroyConnection(void *p) {
  dropAll((Connection *)p);
  sqlite3_free(p);
}

static int sameName(const SizeCache *t, const char *zTable, int nTable) {
  return (int)strlen(t->zTable) == nTable && memcmp(t->zTable, zTable, (size_t)nTable) == 0;
}

/* The table's cache, emptied if its totals changed; null when out of memory. */
static SizeCache *tableCache(Connection *c, const char *zTable, int nTable, sqlite3_int64 nRow, sqlite3_int64 nToken) {
  SizeCache *t = c->pTables;
  while (t != 0 && !sameName(t, zTable, nTable)) t = t->pNext;
  if (t == 0) {
    t = (SizeCache *)sqlite3_malloc64(sizeof(SizeCache));
    if (t == 0) return 0;
    memset(t, 0, sizeof(SizeCache));
    t->zTable = sqlite3_mprintf("%.*s", nTable, zTable);
    if (t->zTable == 0) {
      sqlite3_free(t);
      return 0;
    }
    t->pNext = c->pTables;
    c->pTables = t;
  }
  if (t->nRow != nRow || t->nToken != nToken) {
    dropPages(c, t);
    t->nRow = nRow;
    t->nToken = nToken;
  }
  return t;
}

/* The row's length if known, else 0. */
static int knownSize(const SizeCache *t, sqlite3_int64 rowid) {
  if (t == 0 || rowid < 0) return 0;
  sqlite3_int64 page = rowid >> PAGE_BITS;
  if (page >= t->nDir || t->apPage[page] == 0) return 0;
  return t->apPage[page][rowid & (PAGE_ROWS - 1)];
}

static void keepSize(Connection *c, SizeCache *t, sqlite3_int64 rowid, int nTok) {
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
  /* The lengths of the table's rows, or null when the caller named no table. */
  SizeCache *pSizes;
} Bm25Data;

static int countRow(const Fts5ExtensionApi *pApi, Fts5Context *pFts, void *pUserData) {
  (void)pApi;
  (void)pFts;
  (*(sqlite3_int64 *)pUserData)++;
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
    for (int i = 0; rc == SQLITE_OK && i < nPhrase; i++) {
      sqlite3_int64 nHit = 0;
      rc = pApi->xQueryPhrase(pFts, i, (void *)&nHit, countRow);
      if (rc == SQLITE_OK) {
        double idf = log((nRow - nHit + 0.5) / (nHit + 0.5));
        if (idf <= 0.0) idf = 1e-6;
        p->aIDF[i] = idf;
      }
    }
    if (rc == SQLITE_OK && nVal > 0 && sqlite3_value_type(apVal[0]) == SQLITE_TEXT) {
      const char *zTable = (const char *)sqlite3_value_text(apVal[0]);
      int nTable = sqlite3_value_bytes(apVal[0]);
      /* Past half the budget, the other tables' lengths make room for this one's. */
      if (conn->nPages > MAX_PAGES / 2) {
        for (SizeCache *t = conn->pTables; t != 0; t = t->pNext) {
          if (!sameName(t, zTable, nTable)) dropPages(conn, t);
        }
      }
      p->pSizes = tableCache(conn, zTable, nTable, nRow, nToken);
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
    if (rc == SQLITE_OK) pData->aFreq[ip] += 1.0;
  }
  if (rc == SQLITE_OK) {
    sqlite3_int64 rowid = pApi->xRowid(pFts);
    nTok = knownSize(pData->pSizes, rowid);
    if (nTok == 0) {
      rc = pApi->xColumnSize(pFts, -1, &nTok);
      if (rc == SQLITE_OK) keepSize(conn, pData->pSizes, rowid, nTok);
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
  return api->xCreateFunction(api, "folio_bm25", conn, folioBm25, destroyConnection);
}
