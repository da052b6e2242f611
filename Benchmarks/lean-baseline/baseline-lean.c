/*
 * YARDSTICK, NOT PROJECT CODE. This is an independent lean baseline written outside keychain-sim
 * (handed to the project for issue 29 as shared/bench/baseline-lean.c) and kept here, as it was,
 * to measure the engine against: it does the SQLite and libsodium work of the project's `genp`
 * schema and nothing else. Changes made here, and only to stay true to the schema or to check it:
 *   - `--print-schema`: prints its genp CREATE statements, so scripts/bench-lean.sh --check-schema
 *     can compare them with `sqlite3 <device file> '.schema genp'` of a device file the
 *     simulator wrote (docs/benchmarks.md, "The lean baseline").
 *   - `--cpu-time N SIZE`: the loops of `--profile N SIZE` (below), each timed in thread CPU
 *     time; prints `<loop> <nanoseconds per call>` a line, for scripts/bench-lean.sh --time
 *     (keychain-bench --cpu-time N SIZE prints the same lines for the simulator).
 *   - `--memory SIZE`: adds SIZE items as `--profile` does, nothing else, then prints SQLite's
 *     heap in use and high-water (sqlite3_status64) and the process's peak resident set
 *     (getrusage's ru_maxrss), for scripts/bench-lean.sh --memory.
 * When the item schema changes (ItemClass+Catalog.swift, DeviceFileMigrations.swift), change the
 * CREATE/INSERT/SELECT statements below to match and run the check.
 */
/*
 * baseline-lean.c: baseline-hashed.c (unchanged otherwise) plus `--profile N SIZE`, the lean
 * C counterpart of keychain-bench's `--profile N SIZE` (Benchmarks/keychain-bench/Profile.swift)
 * for an instruction profiler. Every mode of baseline-hashed.c still works as documented below.
 *
 *   cc -O2 -o baseline-lean baseline-lean.c -lsqlite3 -lsodium
 *   valgrind --tool=callgrind --toggle-collect='*profileCopyLoop*' \
 *     ./baseline-lean --profile 200 1000 2>&1 | grep Collected     # instructions per call = Collected / N
 *
 * --profile N SIZE  (forces --schema hashed, the project's current genp schema; nothing timed,
 *   run once): one in-memory keychain, SIZE items added (item i: generic password, service
 *   "com.example.bench", account "account-<i>", label "label-<i>", 32-byte secret of 0x42),
 *   then each operation's loop in a non-inlined function of its own, named as in Profile.swift
 *   so that the same `--toggle-collect` pattern counts one operation on either side:
 *     profileAddLoop     N more items, SIZE ..< SIZE+N                      (Profile: the same)
 *     profileCopyLoop    copy by primary key, data returned, of the sample  (the same)
 *     profileMissLoop    copy of a primary key no item has, "account-<SIZE+N+k>" (the same keys)
 *     profileUpdateLoop  the sample's data set to "new-<i>"                 (the same)
 *     profileDeleteLoop  delete of the sample by primary key                (the same)
 *   sample = (k * stride) % SIZE for k in 0 ..< N, stride = max(1, SIZE / N), as Profile.swift.
 *   Profile.swift's profileMissExplainedLoop (a miss whose explanation is read) has no
 *   counterpart: a lean keychain explains nothing.
 *   The update writes `data` alone (one seal), which is what the simulator does in
 *   keychain-bench: its simulated clock does not move, so the item's mdat, and with it the
 *   sealed attrs blob, is unchanged (ItemSealer+Update.swift keeps unchanged ciphertexts).
 *   `--update-mdat` makes the update also rehash mdat and re-seal attrs (the work of an update
 *   whose clock moved).
 *   Exit status non-zero when a call did not end as expected (as keychain-bench's).
 *   Measured (callgrind, --profile 200 1000, instructions per call): add 131-134k, copy 45.9k,
 *   miss 20.0k, update 75.3k (104.3k with --update-mdat), delete 89.0k. baseline-hashed.NOTE.md's
 *   figures (averaged over 500- and 1000-item runs, each adding from empty and deleting every
 *   item) are within 3 % for copy, miss and both updates; add is 5-7 % higher here (a fuller
 *   table, 1000-1200 items), delete 10 % lower (200 of 1200 items, not every item). Counts move
 *   by ~2 % from run to run: the keys, so the hashed columns' index order, are random.
 *
 * The rest of this header is baseline-hashed.c's.
 */
/*
 * baseline.c: the raw per-call work of a keychain that stores generic passwords in an
 * in-memory SQLite table (plaintext primary key, UNIQUE) with XChaCha20-Poly1305-sealed
 * columns whose associated data is the item identity. Same loop shape as
 * Benchmarks/keychain-bench/main.swift: add `size` items, then copy / update / delete a
 * sample of min(size, 10000) items spread over the keychain (stride size/sample), each on a
 * fresh database, `runs` times; prints the median calls/s per operation.
 *
 *   cc -O2 -o baseline baseline.c -lsqlite3 -lsodium
 *   ./baseline [--schema min|full] [--runs N] [--cpu] [--copy-only] [--search] sizes...
 *
 * --schema min  (default) the minimum of the brief: table (rowid INTEGER PRIMARY KEY, acct,
 *               svce, agrp, sync, labl, data, UNIQUE(svce, acct, agrp, sync)); add seals 2
 *               columns (labl, 32-byte data); copy = SELECT by key + open labl and data;
 *               update = SELECT + open both + re-seal data + UPDATE data by rowid;
 *               delete = one DELETE by key.
 * --schema hashed  the project's CURRENT genp schema (TableLayout.swift / ItemClass+Catalog.swift
 *               since issue 10: "Searchable columns"): 18 searchable columns holding a 16-byte
 *               keyed BLAKE2b hash of `name ‖ 0 ‖ value` (acct svce agrp sync vwht tkid musr ggrp
 *               labl desc icmt crtr type invi nega gena cdat mdat; key ones NOT NULL DEFAULT X''),
 *               pdmn TEXT and tomb INTEGER in clear, 3 sealed columns (attrs = every attribute
 *               encoded as one blob, accc, data), UNIQUE over the 8 hashed key columns (svce,
 *               acct, agrp, sync, vwht, tkid, musr, ggrp), an (acct, svce) index and one partial
 *               index (WHERE c IS NOT NULL) per other hashed attribute. The work per call is the
 *               simulator's as measured by keychain-bench: the hashes of the 5 constant key
 *               defaults are computed once (the engine's DefaultValueColumns); add hashes acct,
 *               svce, agrp, labl, cdat, mdat, seals attrs + data, inserts 23 columns; copy hashes
 *               acct, svce, agrp, selects rowid, the 8 key hashes, pdmn, tomb, attrs, accc, data by
 *               the 8 key columns + tomb = 0, rebuilds the identity (class ‖ key hashes ‖ pdmn)
 *               from the row, opens attrs and data; update = that read, seals the new data and
 *               writes data alone by rowid (keychain-bench's clock does not move, so attrs and
 *               mdat are unchanged; --update-mdat also re-seals attrs and rehashes mdat, as the
 *               in-process own-schema baseline does); delete = the key read of rowids, then
 *               DELETE by rowid. AD = label ‖ pdmn ‖ 0 ‖ key id ‖ identity ‖ 0xFF ‖ column.
 * --schema full (OUT OF DATE since issue 10: plaintext key, 12 sealed columns) the simulator's genp table as it creates it (AUTOINCREMENT rowid, 10
 *               plaintext columns with defaults, 12 sealed columns, UNIQUE over the 8
 *               primary-key columns, extra index on (acct, svce)) and the simulator's
 *               statements and column work: add seals cdat, mdat, data; every read selects
 *               all 23 columns with `acct=? AND svce=? AND sync=? AND tomb=? AND agrp IN (?)
 *               ORDER BY rowid` and opens cdat, mdat (+ data for copy/update); update writes
 *               all 22 columns by rowid, re-sealing only data; delete = that SELECT, then
 *               DELETE by rowid. Associated data = label ‖ key id ‖ identity of all 8 key
 *               columns + pdmn ‖ column name, as in Keybag+Sealing.swift / ItemSealer.swift.
 */
#include <sodium.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define KEYLEN crypto_aead_xchacha20poly1305_ietf_KEYBYTES
#define NONCE crypto_aead_xchacha20poly1305_ietf_NPUBBYTES
#define TAG crypto_aead_xchacha20poly1305_ietf_ABYTES
#define KEYID 16

static unsigned char class_key[KEYLEN];
static unsigned char key_id[KEYID];
static int full = 0;
static const char *SVCE = "com.example.bench";
static const char *AGRP = "ABCDE12345.com.example.app";

static int use_cpu = 0; /* --cpu: thread CPU time instead of the monotonic clock */
static double now(void) {
  struct timespec t;
  clock_gettime(use_cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void die(sqlite3 *db, const char *what) {
  fprintf(stderr, "%s: %s\n", what, db ? sqlite3_errmsg(db) : "");
  exit(1);
}

/* ---- identity / associated data ---------------------------------------------------- */

static size_t put_lp(unsigned char *p, const void *s, size_t n) {
  p[0] = n >> 24; p[1] = n >> 16; p[2] = n >> 8; p[3] = n;
  memcpy(p + 4, s, n);
  return 4 + n;
}
static size_t put_text(unsigned char *p, const char *name, const char *v) {
  size_t k = put_lp(p, name, strlen(name));
  p[k++] = 1;
  return k + put_lp(p + k, v, strlen(v));
}
static size_t put_int(unsigned char *p, const char *name, int64_t v) {
  size_t k = put_lp(p, name, strlen(name));
  p[k++] = 3;
  for (int i = 7; i >= 0; i--) p[k++] = (uint64_t)v >> (8 * i);
  return k;
}
static size_t put_blob0(unsigned char *p, const char *name) {
  size_t k = put_lp(p, name, strlen(name));
  p[k++] = 2;
  return k + put_lp(p + k, "", 0);
}

/* label ‖ key id ‖ identity; returns its length; the caller appends the column name. */
static size_t identity(unsigned char *ad, const char *acct) {
  static const char label[] = "keychain-sim/item/v1\0ak\0";
  size_t k = 0;
  memcpy(ad, label, sizeof label - 1); k += sizeof label - 1;
  memcpy(ad + k, key_id, KEYID); k += KEYID;
  k += put_lp(ad + k, "genp", 4);
  k += put_text(ad + k, "acct", acct);
  k += put_text(ad + k, "svce", SVCE);
  k += put_text(ad + k, "agrp", AGRP);
  k += put_int(ad + k, "sync", 0);
  if (full) {
    k += put_text(ad + k, "vwht", "");
    k += put_text(ad + k, "tkid", "");
    k += put_blob0(ad + k, "musr");
    k += put_text(ad + k, "ggrp", "");
    k += put_text(ad + k, "pdmn", "ak");
  }
  return k;
}
static size_t with_column(unsigned char *ad, size_t idlen, const char *column) {
  ad[idlen] = 0xFF;
  return idlen + 1 + put_lp(ad + idlen + 1, column, strlen(column));
}

/* key id ‖ nonce ‖ ciphertext ‖ tag, like Keybag.seal */
static size_t seal(unsigned char *out, const unsigned char *m, size_t n,
                   const unsigned char *ad, size_t adlen) {
  memcpy(out, key_id, KEYID);
  randombytes_buf(out + KEYID, NONCE);
  crypto_aead_xchacha20poly1305_ietf_encrypt(out + KEYID + NONCE, NULL, m, n, ad, adlen, NULL,
                                             out + KEYID, class_key);
  return KEYID + NONCE + n + TAG;
}
static int open_sealed(unsigned char *m, const unsigned char *c, size_t n,
                       const unsigned char *ad, size_t adlen) {
  if (n < KEYID + NONCE + TAG || memcmp(c, key_id, KEYID) != 0) return -1;
  return crypto_aead_xchacha20poly1305_ietf_decrypt(m, NULL, NULL, c + KEYID + NONCE,
                                                    n - KEYID - NONCE, ad, adlen, c + KEYID,
                                                    class_key);
}

/* ---- schema and statements --------------------------------------------------------- */

static const char *MIN_SCHEMA =
    "CREATE TABLE genp (rowid INTEGER PRIMARY KEY, acct BLOB NOT NULL, svce BLOB NOT NULL,"
    " agrp TEXT NOT NULL, sync INTEGER NOT NULL, labl BLOB, data BLOB,"
    " UNIQUE(svce, acct, agrp, sync))";
static const char *MIN_INSERT =
    "INSERT INTO genp (acct, svce, agrp, sync, labl, data) VALUES (?, ?, ?, ?, ?, ?)";
static const char *MIN_SELECT =
    "SELECT rowid, labl, data FROM genp WHERE svce = ? AND acct = ? AND agrp = ? AND sync = ?";
static const char *MIN_UPDATE = "UPDATE genp SET data = ? WHERE rowid = ?";
static const char *MIN_DELETE =
    "DELETE FROM genp WHERE svce = ? AND acct = ? AND agrp = ? AND sync = ?";

/* The simulator's own SQL (TableLayout.swift, ItemDatabase+Queries.swift). */
static const char *FULL_SCHEMA =
    "CREATE TABLE \"genp\" (rowid INTEGER PRIMARY KEY AUTOINCREMENT,"
    " \"acct\" BLOB NOT NULL DEFAULT '', \"svce\" BLOB NOT NULL DEFAULT '',"
    " \"agrp\" TEXT NOT NULL DEFAULT '', \"sync\" INTEGER NOT NULL DEFAULT 0,"
    " \"vwht\" TEXT NOT NULL DEFAULT '', \"tkid\" TEXT NOT NULL DEFAULT '',"
    " \"musr\" BLOB NOT NULL DEFAULT X'', \"ggrp\" TEXT NOT NULL DEFAULT '',"
    " \"pdmn\" TEXT NOT NULL DEFAULT '', \"tomb\" INTEGER NOT NULL DEFAULT 0,"
    " \"labl\" BLOB, \"desc\" BLOB, \"icmt\" BLOB, \"crtr\" BLOB, \"type\" BLOB, \"invi\" BLOB,"
    " \"nega\" BLOB, \"gena\" BLOB, \"cdat\" BLOB, \"mdat\" BLOB, \"accc\" BLOB, \"data\" BLOB,"
    " UNIQUE(\"svce\", \"acct\", \"agrp\", \"sync\", \"vwht\", \"tkid\", \"musr\", \"ggrp\"));"
    "CREATE INDEX \"genp_acct_svce\" ON \"genp\" (\"acct\", \"svce\")";
#define FULL_COLS                                                                          \
  "\"acct\", \"svce\", \"agrp\", \"sync\", \"vwht\", \"tkid\", \"musr\", \"ggrp\", \"pdmn\"," \
  " \"tomb\", \"labl\", \"desc\", \"icmt\", \"crtr\", \"type\", \"invi\", \"nega\", \"gena\","  \
  " \"cdat\", \"mdat\", \"accc\", \"data\""
static const char *FULL_INSERT = "INSERT INTO \"genp\" (" FULL_COLS
                                 ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                                 " ?, ?, ?, ?)";
static const char *FULL_SELECT = "SELECT rowid, " FULL_COLS
                                 " FROM \"genp\" WHERE \"acct\" = ? AND \"svce\" = ? AND"
                                 " \"sync\" = ? AND \"tomb\" = ? AND \"agrp\" IN (?) ORDER BY rowid";
static const char *FULL_UPDATE =
    "UPDATE \"genp\" SET \"acct\" = ?, \"svce\" = ?, \"agrp\" = ?, \"sync\" = ?, \"vwht\" = ?,"
    " \"tkid\" = ?, \"musr\" = ?, \"ggrp\" = ?, \"pdmn\" = ?, \"tomb\" = ?, \"labl\" = ?,"
    " \"desc\" = ?, \"icmt\" = ?, \"crtr\" = ?, \"type\" = ?, \"invi\" = ?, \"nega\" = ?,"
    " \"gena\" = ?, \"cdat\" = ?, \"mdat\" = ?, \"accc\" = ?, \"data\" = ? WHERE rowid = ?";
static const char *FULL_DELETE = "DELETE FROM \"genp\" WHERE rowid = ?";
/* A search not by primary key: every item of one service, opened (agrp scope, sync, tomb). */
static const char *FULL_BY_SVCE = "SELECT rowid, " FULL_COLS
                                  " FROM \"genp\" WHERE \"svce\" = ? AND \"sync\" = ? AND"
                                  " \"tomb\" = ? AND \"agrp\" IN (?) ORDER BY rowid";

typedef struct {
  sqlite3 *db;
  sqlite3_stmt *ins, *sel, *upd, *del, *bysvce;
} Store;

static sqlite3_stmt *prep(sqlite3 *db, const char *sql) {
  sqlite3_stmt *s;
  if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s, NULL) != SQLITE_OK)
    die(db, sql);
  return s;
}

static void store_open(Store *st) {
  if (sqlite3_open_v2(":memory:", &st->db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL))
    die(st->db, "open");
  if (sqlite3_exec(st->db, full ? FULL_SCHEMA : MIN_SCHEMA, NULL, NULL, NULL)) die(st->db, "schema");
  st->ins = prep(st->db, full ? FULL_INSERT : MIN_INSERT);
  st->sel = prep(st->db, full ? FULL_SELECT : MIN_SELECT);
  st->upd = prep(st->db, full ? FULL_UPDATE : MIN_UPDATE);
  st->del = prep(st->db, full ? FULL_DELETE : MIN_DELETE);
  st->bysvce = full ? prep(st->db, FULL_BY_SVCE) : NULL;
}
static void store_close(Store *st) {
  sqlite3_finalize(st->ins); sqlite3_finalize(st->sel); sqlite3_finalize(st->upd);
  sqlite3_finalize(st->del); sqlite3_finalize(st->bysvce);
  sqlite3_close(st->db);
}

/* ---- operations ---------------------------------------------------------------------- */

static const double CDAT = 0.0; /* simulated clock: mdat/cdat = reference date + 0 */

static void encode_real(unsigned char *p, double d) { /* StoredValueCodec .real */
  uint64_t b; memcpy(&b, &d, 8);
  p[0] = 4;
  for (int i = 0; i < 8; i++) p[1 + i] = b >> (8 * (7 - i));
}

__attribute__((noinline, noclone)) static int add(Store *st, int i, const unsigned char *secret, size_t n) {
  char acct[32]; int alen = snprintf(acct, sizeof acct, "account-%d", i);
  unsigned char ad[512], c1[128], c2[128], c3[128];
  size_t id = identity(ad, acct), l1, l2, l3 = 0;
  sqlite3_stmt *s = st->ins;
  if (!full) {
    static const unsigned char labl[] = "\x01\0\0\0\x05label";
    l1 = seal(c1, labl, sizeof labl - 1, ad, with_column(ad, id, "labl"));
    l2 = seal(c2, secret, n, ad, with_column(ad, id, "data"));
    sqlite3_bind_text(s, 1, acct, alen, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 2, SVCE, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 3, AGRP, -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 4, 0);
    sqlite3_bind_blob(s, 5, c1, l1, SQLITE_TRANSIENT);
    sqlite3_bind_blob(s, 6, c2, l2, SQLITE_TRANSIENT);
  } else {
    unsigned char date[9]; encode_real(date, CDAT);
    l1 = seal(c1, date, 9, ad, with_column(ad, id, "cdat"));
    l2 = seal(c2, date, 9, ad, with_column(ad, id, "mdat"));
    l3 = seal(c3, secret, n, ad, with_column(ad, id, "data"));
    sqlite3_bind_text(s, 1, acct, alen, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 2, SVCE, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 3, AGRP, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 4, 0);
    sqlite3_bind_text(s, 5, "", 0, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 6, "", 0, SQLITE_TRANSIENT);
    sqlite3_bind_zeroblob(s, 7, 0);
    sqlite3_bind_text(s, 8, "", 0, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 9, "ak", 2, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 10, 0);
    for (int k = 11; k <= 18; k++) sqlite3_bind_null(s, k);
    sqlite3_bind_blob(s, 19, c1, l1, SQLITE_TRANSIENT);
    sqlite3_bind_blob(s, 20, c2, l2, SQLITE_TRANSIENT);
    sqlite3_bind_null(s, 21);
    sqlite3_bind_blob(s, 22, c3, l3, SQLITE_TRANSIENT);
  }
  int rc = sqlite3_step(s);
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return rc == SQLITE_DONE ? 0 : -1;
}

static void bind_key(sqlite3_stmt *s, const char *acct, int alen) {
  if (!full) {
    sqlite3_bind_text(s, 1, SVCE, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, acct, alen, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 3, AGRP, -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 4, 0);
  } else {
    sqlite3_bind_text(s, 1, acct, alen, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 2, SVCE, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 3, 0);
    sqlite3_bind_int64(s, 4, 0);
    sqlite3_bind_text(s, 5, AGRP, -1, SQLITE_TRANSIENT);
  }
}

/* Column index of cdat, mdat, data in the full SELECT (rowid is 0). */
#define F_CDAT 19
#define F_MDAT 20
#define F_DATA 22

/* Opens the row the select is on: labl (min) or cdat+mdat (full), and data if wanted.
 * Returns the data length, or -1. */
static int open_row(sqlite3_stmt *s, unsigned char *ad, size_t id, unsigned char *plain,
                    int want_data) {
  unsigned char tmp[256];
  if (!full) {
    if (open_sealed(tmp, sqlite3_column_blob(s, 1), sqlite3_column_bytes(s, 1), ad,
                    with_column(ad, id, "labl")))
      return -1;
  } else {
    /* the simulator reads every column of the row */
    for (int k = 1; k <= 10; k++) (void)sqlite3_column_text(s, k);
    if (open_sealed(tmp, sqlite3_column_blob(s, F_CDAT), sqlite3_column_bytes(s, F_CDAT), ad,
                    with_column(ad, id, "cdat")))
      return -1;
    if (open_sealed(tmp, sqlite3_column_blob(s, F_MDAT), sqlite3_column_bytes(s, F_MDAT), ad,
                    with_column(ad, id, "mdat")))
      return -1;
  }
  if (!want_data) return 0;
  int col = full ? F_DATA : 2;
  int n = sqlite3_column_bytes(s, col);
  if (open_sealed(plain, sqlite3_column_blob(s, col), n, ad, with_column(ad, id, "data")))
    return -1;
  return n - KEYID - NONCE - TAG;
}

__attribute__((noinline, noclone)) static int copy(Store *st, int i, unsigned char *out) {
  char acct[32]; int alen = snprintf(acct, sizeof acct, "account-%d", i);
  unsigned char ad[512];
  size_t id = identity(ad, acct);
  sqlite3_stmt *s = st->sel;
  bind_key(s, acct, alen);
  int rc = -1;
  if (sqlite3_step(s) == SQLITE_ROW) rc = open_row(s, ad, id, out, 1) < 0 ? -1 : 0;
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return rc;
}

__attribute__((noinline, noclone)) static int update(Store *st, int i) {
  char acct[32]; int alen = snprintf(acct, sizeof acct, "account-%d", i);
  char fresh[32]; int flen = snprintf(fresh, sizeof fresh, "new-%d", i);
  unsigned char ad[512], plain[256], c[128];
  size_t id = identity(ad, acct);
  sqlite3_stmt *s = st->sel;
  bind_key(s, acct, alen);
  int rc = -1;
  if (sqlite3_step(s) == SQLITE_ROW && open_row(s, ad, id, plain, 1) >= 0) {
    sqlite3_int64 rowid = sqlite3_column_int64(s, 0);
    size_t l = seal(c, (const unsigned char *)fresh, flen, ad, with_column(ad, id, "data"));
    sqlite3_stmt *u = st->upd;
    if (!full) {
      sqlite3_bind_blob(u, 1, c, l, SQLITE_TRANSIENT);
      sqlite3_bind_int64(u, 2, rowid);
    } else {
      /* every column rebound from the row just read (kept ciphertexts), data re-sealed */
      for (int k = 1; k <= 21; k++) {
        switch (sqlite3_column_type(s, k)) {
          case SQLITE_INTEGER: sqlite3_bind_int64(u, k, sqlite3_column_int64(s, k)); break;
          case SQLITE_TEXT:
            sqlite3_bind_text(u, k, (const char *)sqlite3_column_text(s, k),
                              sqlite3_column_bytes(s, k), SQLITE_TRANSIENT);
            break;
          case SQLITE_BLOB:
            sqlite3_bind_blob(u, k, sqlite3_column_blob(s, k), sqlite3_column_bytes(s, k),
                              SQLITE_TRANSIENT);
            break;
          default: sqlite3_bind_null(u, k);
        }
      }
      sqlite3_bind_blob(u, 22, c, l, SQLITE_TRANSIENT);
      sqlite3_bind_int64(u, 23, rowid);
    }
    sqlite3_reset(s);
    rc = sqlite3_step(u) == SQLITE_DONE && sqlite3_changes(st->db) == 1 ? 0 : -1;
    sqlite3_reset(u);
    sqlite3_clear_bindings(u);
  }
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return rc;
}

__attribute__((noinline, noclone)) static int delete(Store *st, int i) {
  char acct[32]; int alen = snprintf(acct, sizeof acct, "account-%d", i);
  int rc = -1;
  if (!full) {
    bind_key(st->del, acct, alen);
    rc = sqlite3_step(st->del) == SQLITE_DONE && sqlite3_changes(st->db) == 1 ? 0 : -1;
    sqlite3_reset(st->del);
    sqlite3_clear_bindings(st->del);
    return rc;
  }
  sqlite3_stmt *s = st->sel;
  bind_key(s, acct, alen);
  if (sqlite3_step(s) == SQLITE_ROW) {
    for (int k = 1; k <= 22; k++) (void)sqlite3_column_blob(s, k); /* reads the whole row */
    sqlite3_int64 rowid = sqlite3_column_int64(s, 0);
    sqlite3_reset(s);
    sqlite3_bind_int64(st->del, 1, rowid);
    rc = sqlite3_step(st->del) == SQLITE_DONE && sqlite3_changes(st->db) == 1 ? 0 : -1;
    sqlite3_reset(st->del);
    sqlite3_clear_bindings(st->del);
  }
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return rc;
}

/* all items of one service (full schema): SELECT by svce (no index on svce alone is usable
 * for the (svce, acct, ...) UNIQUE? it is: svce leads it) + open cdat, mdat of each. */
static int by_service(Store *st, const char *svce) {
  sqlite3_stmt *s = st->bysvce;
  sqlite3_bind_text(s, 1, svce, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64(s, 2, 0);
  sqlite3_bind_int64(s, 3, 0);
  sqlite3_bind_text(s, 4, AGRP, -1, SQLITE_TRANSIENT);
  int count = 0;
  unsigned char ad[512], plain[256];
  while (sqlite3_step(s) == SQLITE_ROW) {
    const char *acct = (const char *)sqlite3_column_text(s, 1);
    size_t id = identity(ad, acct);
    if (open_row(s, ad, id, plain, 0) < 0) return -1;
    count++;
  }
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return count;
}


/* Sealed-attribute search, min schema: every item has labl = "label-<i>"; find the item whose
 * label is `want` by scanning the caller's scope (agrp, sync) in rowid order and opening each
 * row's labl (the physical minimum: a sealed column cannot be indexed). */
static void add_labelled(Store *st, int i) {
  char acct[32]; int alen = snprintf(acct, sizeof acct, "account-%d", i);
  char label[32]; int llen = snprintf(label, sizeof label, "label-%d", i);
  unsigned char enc[64], ad[512], c1[128], c2[128], secret[32];
  memset(secret, 0x42, 32);
  enc[0] = 1; enc[1] = 0; enc[2] = 0; enc[3] = 0; enc[4] = llen; memcpy(enc + 5, label, llen);
  size_t id = identity(ad, acct);
  size_t l1 = seal(c1, enc, 5 + llen, ad, with_column(ad, id, "labl"));
  size_t l2 = seal(c2, secret, 32, ad, with_column(ad, id, "data"));
  sqlite3_stmt *s = st->ins;
  sqlite3_bind_text(s, 1, acct, alen, SQLITE_TRANSIENT);
  sqlite3_bind_text(s, 2, SVCE, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 3, AGRP, -1, SQLITE_STATIC);
  sqlite3_bind_int64(s, 4, 0);
  sqlite3_bind_blob(s, 5, c1, l1, SQLITE_TRANSIENT);
  sqlite3_bind_blob(s, 6, c2, l2, SQLITE_TRANSIENT);
  if (sqlite3_step(s) != SQLITE_DONE) die(st->db, "insert");
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
}
static int label_scan(sqlite3_stmt *s, const char *want) {
  sqlite3_bind_text(s, 1, AGRP, -1, SQLITE_STATIC);
  sqlite3_bind_int64(s, 2, 0);
  unsigned char ad[512], plain[256];
  size_t wl = strlen(want);
  int found = 0;
  while (sqlite3_step(s) == SQLITE_ROW) {
    size_t id = identity(ad, (const char *)sqlite3_column_text(s, 1));
    int n = sqlite3_column_bytes(s, 2);
    if (open_sealed(plain, sqlite3_column_blob(s, 2), n, ad, with_column(ad, id, "labl"))) return -1;
    size_t pl = n - KEYID - NONCE - TAG;
    if (pl == 5 + wl && memcmp(plain + 5, want, wl) == 0) { found = 1; break; }
  }
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return found;
}

/* ---- driver -------------------------------------------------------------------------- */

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static double median(double *v, int n) {
  qsort(v, n, sizeof *v, cmp);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static long failures = 0;

/* ---- --schema hashed: the project's current schema (see the header) ----------------------- */

static int hashed = 0, update_mdat = 0;
static const char *miss_prefix = "absent-"; /* --profile: "account-" */
static unsigned char search_key[32];
#define HLEN 16
static const char *H_COLS[18] = {"acct", "svce", "agrp", "sync", "vwht", "tkid", "musr", "ggrp",
                                 "labl", "desc", "icmt", "crtr", "type", "invi", "nega", "gena",
                                 "cdat", "mdat"};
/* column positions in the table (1-based in INSERT): 18 hashes, pdmn 19, tomb 20, attrs 21,
 * accc 22, data 23 */
static unsigned char def_hash[8][HLEN]; /* sync, vwht, tkid, musr, ggrp at 3..7 */

static void khash(unsigned char *out, const char *name, const unsigned char *v, size_t n) {
  unsigned char msg[256];
  size_t k = strlen(name);
  memcpy(msg, name, k); msg[k++] = 0;
  memcpy(msg + k, v, n); k += n;
  crypto_generichash(out, HLEN, msg, k, search_key, sizeof search_key);
}

static const char *H_SCHEMA_FMT =
    "CREATE TABLE \"genp\" (rowid INTEGER PRIMARY KEY AUTOINCREMENT,"
    " \"acct\" BLOB NOT NULL DEFAULT X'', \"svce\" BLOB NOT NULL DEFAULT X'',"
    " \"agrp\" BLOB NOT NULL DEFAULT X'', \"sync\" BLOB NOT NULL DEFAULT X'',"
    " \"vwht\" BLOB NOT NULL DEFAULT X'', \"tkid\" BLOB NOT NULL DEFAULT X'',"
    " \"musr\" BLOB NOT NULL DEFAULT X'', \"ggrp\" BLOB NOT NULL DEFAULT X'',"
    " \"labl\" BLOB, \"desc\" BLOB, \"icmt\" BLOB, \"crtr\" BLOB, \"type\" BLOB, \"invi\" BLOB,"
    " \"nega\" BLOB, \"gena\" BLOB, \"cdat\" BLOB, \"mdat\" BLOB,"
    " \"pdmn\" TEXT NOT NULL DEFAULT '', \"tomb\" INTEGER NOT NULL DEFAULT 0,"
    " \"attrs\" BLOB, \"accc\" BLOB, \"data\" BLOB,"
    " UNIQUE(\"svce\", \"acct\", \"agrp\", \"sync\", \"vwht\", \"tkid\", \"musr\", \"ggrp\"));"
    "CREATE INDEX \"genp_acct_svce\" ON \"genp\" (\"acct\", \"svce\");";
static const char *H_PARTIAL[10] = {"labl", "desc", "icmt", "crtr", "type",
                                    "invi", "nega", "gena", "cdat", "mdat"};
static const char *H_INSERT =
    "INSERT INTO \"genp\" (\"acct\", \"svce\", \"agrp\", \"sync\", \"vwht\", \"tkid\", \"musr\","
    " \"ggrp\", \"labl\", \"desc\", \"icmt\", \"crtr\", \"type\", \"invi\", \"nega\", \"gena\","
    " \"cdat\", \"mdat\", \"pdmn\", \"tomb\", \"attrs\", \"accc\", \"data\") VALUES (?, ?, ?, ?,"
    " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
/* rowid 0, 8 key hashes 1..8, pdmn 9, tomb 10, attrs 11, accc 12, data 13 */
static const char *H_SELECT =
    "SELECT rowid, \"acct\", \"svce\", \"agrp\", \"sync\", \"vwht\", \"tkid\", \"musr\", \"ggrp\","
    " \"pdmn\", \"tomb\", \"attrs\", \"accc\", \"data\" FROM \"genp\" WHERE \"svce\" = ? AND"
    " \"acct\" = ? AND \"agrp\" IN (?) AND \"sync\" = ? AND \"vwht\" = ? AND \"tkid\" = ? AND"
    " \"musr\" = ? AND \"ggrp\" = ? AND \"tomb\" = 0";
static const char *H_SELECT_ROWID =
    "SELECT rowid FROM \"genp\" WHERE \"svce\" = ? AND \"acct\" = ? AND \"agrp\" IN (?) AND"
    " \"sync\" = ? AND \"vwht\" = ? AND \"tkid\" = ? AND \"musr\" = ? AND \"ggrp\" = ? AND"
    " \"tomb\" = 0";
static const char *H_UPDATE = "UPDATE \"genp\" SET \"data\" = ? WHERE rowid = ?";
static const char *H_UPDATE_MDAT =
    "UPDATE \"genp\" SET \"data\" = ?, \"mdat\" = ?, \"attrs\" = ? WHERE rowid = ?";
static const char *H_DELETE = "DELETE FROM \"genp\" WHERE rowid = ?";

typedef struct {
  sqlite3 *db;
  sqlite3_stmt *ins, *sel, *selrow, *upd, *updm, *del;
} HStore;

static void h_open(HStore *st) {
  if (sqlite3_open_v2(":memory:", &st->db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL))
    die(st->db, "open");
  if (sqlite3_exec(st->db, H_SCHEMA_FMT, NULL, NULL, NULL)) die(st->db, "schema");
  for (int i = 0; i < 10; i++) {
    char sql[256];
    snprintf(sql, sizeof sql,
             "CREATE INDEX \"genp_%s\" ON \"genp\" (\"%s\") WHERE \"%s\" IS NOT NULL",
             H_PARTIAL[i], H_PARTIAL[i], H_PARTIAL[i]);
    if (sqlite3_exec(st->db, sql, NULL, NULL, NULL)) die(st->db, sql);
  }
  st->ins = prep(st->db, H_INSERT);
  st->sel = prep(st->db, H_SELECT);
  st->selrow = prep(st->db, H_SELECT_ROWID);
  st->upd = prep(st->db, H_UPDATE);
  st->updm = prep(st->db, H_UPDATE_MDAT);
  st->del = prep(st->db, H_DELETE);
}
static void h_close(HStore *st) {
  sqlite3_finalize(st->ins); sqlite3_finalize(st->sel); sqlite3_finalize(st->selrow);
  sqlite3_finalize(st->upd); sqlite3_finalize(st->updm); sqlite3_finalize(st->del);
  sqlite3_close(st->db);
}

static void h_init_defaults(void) {
  unsigned char zero = 0;
  (void)zero;
  /* sync = 0 as a tagged number (0x49 ‖ 8 bytes), the internal ones empty */
  unsigned char n0[9] = {0x49, 0, 0, 0, 0, 0, 0, 0, 0};
  khash(def_hash[3], "sync", n0, 9);
  khash(def_hash[4], "vwht", NULL, 0);
  khash(def_hash[5], "tkid", NULL, 0);
  khash(def_hash[6], "musr", NULL, 0);
  khash(def_hash[7], "ggrp", NULL, 0);
}

/* identity = lp("genp") ‖ for each key column: lp(name) ‖ 2 ‖ lp(hash) ‖ lp("pdmn") ‖ 1 ‖ lp(pdmn) */
static size_t h_identity(unsigned char *ad, const unsigned char keyh[8][HLEN], const char *pdmn) {
  static const char label[] = "keychain-sim/item/v1\0ak\0";
  size_t k = 0;
  memcpy(ad, label, sizeof label - 1); k += sizeof label - 1;
  memcpy(ad + k, key_id, KEYID); k += KEYID;
  k += put_lp(ad + k, "genp", 4);
  for (int c = 0; c < 8; c++) {
    k += put_lp(ad + k, H_COLS[c], 4);
    ad[k++] = 2;
    k += put_lp(ad + k, keyh[c], HLEN);
  }
  k += put_text(ad + k, "pdmn", pdmn);
  return k;
}

/* the attributes blob: count ‖ (lp(name) ‖ encoded value)* sorted by name */
static size_t h_attributes(unsigned char *p, const char *acct, double mdat) {
  size_t k = 4;
  p[0] = 0; p[1] = 0; p[2] = 0; p[3] = 12;
  k += put_text(p + k, "acct", AGRP);  /* placeholder order: sorted names */
  k = 4;
  k += put_text(p + k, "acct", acct);
  k += put_text(p + k, "agrp", AGRP);
  { unsigned char d[9]; encode_real(d, CDAT); k += put_lp(p + k, "cdat", 4); memcpy(p + k, d, 9); k += 9; }
  k += put_text(p + k, "ggrp", "");
  k += put_text(p + k, "labl", acct); /* label-<i>: same length class as the account */
  { unsigned char d[9]; encode_real(d, mdat); k += put_lp(p + k, "mdat", 4); memcpy(p + k, d, 9); k += 9; }
  k += put_blob0(p + k, "musr");
  k += put_text(p + k, "pdmn", "ak");
  k += put_text(p + k, "svce", SVCE);
  k += put_int(p + k, "sync", 0);
  k += put_text(p + k, "tkid", "");
  k += put_text(p + k, "vwht", "");
  return k;
}

static void h_key_hashes(unsigned char keyh[8][HLEN], const char *acct, int alen) {
  khash(keyh[0], "acct", (const unsigned char *)acct, alen);
  khash(keyh[1], "svce", (const unsigned char *)SVCE, strlen(SVCE));
  khash(keyh[2], "agrp", (const unsigned char *)AGRP, strlen(AGRP));
  for (int c = 3; c < 8; c++) memcpy(keyh[c], def_hash[c], HLEN);
}

/* binds the key in UNIQUE order: svce, acct, agrp, sync, vwht, tkid, musr, ggrp */
static void h_bind_key(sqlite3_stmt *s, unsigned char keyh[8][HLEN]) {
  sqlite3_bind_blob(s, 1, keyh[1], HLEN, SQLITE_TRANSIENT);
  sqlite3_bind_blob(s, 2, keyh[0], HLEN, SQLITE_TRANSIENT);
  for (int c = 2; c < 8; c++) sqlite3_bind_blob(s, c + 1, keyh[c], HLEN, SQLITE_TRANSIENT);
}

__attribute__((noinline, noclone)) static int h_add(HStore *st, int i, const unsigned char *secret, size_t n) {
  char acct[32]; int alen = snprintf(acct, sizeof acct, "account-%d", i);
  char labl[32]; int llen = snprintf(labl, sizeof labl, "label-%d", i);
  unsigned char keyh[8][HLEN], lh[HLEN], ch[HLEN], mh[HLEN], ad[512], attrs[512];
  unsigned char c1[640], c2[128];
  h_key_hashes(keyh, acct, alen);
  khash(lh, "labl", (const unsigned char *)labl, llen);
  unsigned char d[9] = {0x44, 0, 0, 0, 0, 0, 0, 0, 0};
  khash(ch, "cdat", d, 9);
  khash(mh, "mdat", d, 9);
  size_t id = h_identity(ad, keyh, "ak");
  size_t al = h_attributes(attrs, acct, CDAT);
  size_t l1 = seal(c1, attrs, al, ad, with_column(ad, id, "attrs"));
  size_t l2 = seal(c2, secret, n, ad, with_column(ad, id, "data"));
  sqlite3_stmt *s = st->ins;
  for (int c = 0; c < 8; c++) sqlite3_bind_blob(s, c + 1, keyh[c], HLEN, SQLITE_TRANSIENT);
  sqlite3_bind_blob(s, 9, lh, HLEN, SQLITE_TRANSIENT);
  for (int c = 10; c <= 16; c++) sqlite3_bind_null(s, c);
  sqlite3_bind_blob(s, 17, ch, HLEN, SQLITE_TRANSIENT);
  sqlite3_bind_blob(s, 18, mh, HLEN, SQLITE_TRANSIENT);
  sqlite3_bind_text(s, 19, "ak", 2, SQLITE_TRANSIENT);
  sqlite3_bind_int64(s, 20, 0);
  sqlite3_bind_blob(s, 21, c1, l1, SQLITE_TRANSIENT);
  sqlite3_bind_null(s, 22);
  sqlite3_bind_blob(s, 23, c2, l2, SQLITE_TRANSIENT);
  int rc = sqlite3_step(s);
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return rc == SQLITE_DONE ? 0 : -1;
}

/* opens the row the select is on (identity from the row's own columns): attrs, then data */
static int h_open_row(sqlite3_stmt *s, unsigned char *ad, size_t *idlen, unsigned char *plain,
                      unsigned char *attrs_out) {
  unsigned char keyh[8][HLEN];
  for (int c = 0; c < 8; c++) {
    if (sqlite3_column_bytes(s, c + 1) != HLEN) return -1;
    memcpy(keyh[c], sqlite3_column_blob(s, c + 1), HLEN);
  }
  const char *pdmn = (const char *)sqlite3_column_text(s, 9);
  (void)sqlite3_column_int64(s, 10); /* tomb */
  size_t id = h_identity(ad, keyh, pdmn);
  *idlen = id;
  unsigned char tmp[640];
  unsigned char *a = attrs_out ? attrs_out : tmp;
  int an = sqlite3_column_bytes(s, 11);
  if (open_sealed(a, sqlite3_column_blob(s, 11), an, ad, with_column(ad, id, "attrs"))) return -1;
  if (sqlite3_column_type(s, 12) != SQLITE_NULL) return -1; /* no access control here */
  int n = sqlite3_column_bytes(s, 13);
  if (open_sealed(plain, sqlite3_column_blob(s, 13), n, ad, with_column(ad, id, "data")))
    return -1;
  return an - KEYID - NONCE - TAG;
}

__attribute__((noinline, noclone)) static int h_copy(HStore *st, int i, unsigned char *out) {
  char acct[32]; int alen = snprintf(acct, sizeof acct, "account-%d", i);
  unsigned char keyh[8][HLEN], ad[512];
  size_t id;
  h_key_hashes(keyh, acct, alen);
  sqlite3_stmt *s = st->sel;
  h_bind_key(s, keyh);
  int rc = -1;
  if (sqlite3_step(s) == SQLITE_ROW) rc = h_open_row(s, ad, &id, out, NULL) < 0 ? -1 : 0;
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return rc;
}

__attribute__((noinline, noclone)) static int h_update(HStore *st, int i) {
  char acct[32]; int alen = snprintf(acct, sizeof acct, "account-%d", i);
  char fresh[32]; int flen = snprintf(fresh, sizeof fresh, "new-%d", i);
  unsigned char keyh[8][HLEN], ad[512], plain[256], c[128], attrs[640], c1[640];
  size_t id;
  h_key_hashes(keyh, acct, alen);
  sqlite3_stmt *s = st->sel;
  h_bind_key(s, keyh);
  int rc = -1, al;
  if (sqlite3_step(s) == SQLITE_ROW && (al = h_open_row(s, ad, &id, plain, attrs)) >= 0) {
    sqlite3_int64 rowid = sqlite3_column_int64(s, 0);
    size_t l = seal(c, (const unsigned char *)fresh, flen, ad, with_column(ad, id, "data"));
    sqlite3_stmt *u = update_mdat ? st->updm : st->upd;
    sqlite3_bind_blob(u, 1, c, l, SQLITE_TRANSIENT);
    if (update_mdat) {
      unsigned char d[9] = {0x44, 1, 0, 0, 0, 0, 0, 0, 0}, mh[HLEN];
      khash(mh, "mdat", d, 9);
      size_t n2 = h_attributes(attrs, acct, 1.0);
      size_t l1 = seal(c1, attrs, n2, ad, with_column(ad, id, "attrs"));
      sqlite3_bind_blob(u, 2, mh, HLEN, SQLITE_TRANSIENT);
      sqlite3_bind_blob(u, 3, c1, l1, SQLITE_TRANSIENT);
      sqlite3_bind_int64(u, 4, rowid);
    } else {
      sqlite3_bind_int64(u, 2, rowid);
    }
    sqlite3_reset(s);
    rc = sqlite3_step(u) == SQLITE_DONE && sqlite3_changes(st->db) == 1 ? 0 : -1;
    sqlite3_reset(u);
    sqlite3_clear_bindings(u);
  }
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return rc;
}

__attribute__((noinline, noclone)) static int h_delete(HStore *st, int i) {
  char acct[32]; int alen = snprintf(acct, sizeof acct, "account-%d", i);
  unsigned char keyh[8][HLEN];
  h_key_hashes(keyh, acct, alen);
  sqlite3_stmt *s = st->selrow;
  h_bind_key(s, keyh);
  int rc = -1;
  if (sqlite3_step(s) == SQLITE_ROW) {
    sqlite3_int64 rowid = sqlite3_column_int64(s, 0);
    sqlite3_reset(s);
    sqlite3_bind_int64(st->del, 1, rowid);
    rc = sqlite3_step(st->del) == SQLITE_DONE && sqlite3_changes(st->db) == 1 ? 0 : -1;
    sqlite3_reset(st->del);
    sqlite3_clear_bindings(st->del);
  }
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return rc;
}

__attribute__((noinline, noclone)) static int h_miss(HStore *st, int i, unsigned char *out) {
  char acct[32]; int alen = snprintf(acct, sizeof acct, "%s%d", miss_prefix, i);
  unsigned char keyh[8][HLEN], ad[512];
  size_t id;
  h_key_hashes(keyh, acct, alen);
  sqlite3_stmt *s = st->sel;
  h_bind_key(s, keyh);
  int rc = 0;
  if (sqlite3_step(s) == SQLITE_ROW) rc = h_open_row(s, ad, &id, out, NULL) < 0 ? -1 : -1;
  sqlite3_reset(s);
  sqlite3_clear_bindings(s);
  return rc;
}

static double miss_rate = 0;
static void h_run(int size, double rates[4], int copy_only) {
  HStore st; h_open(&st);
  unsigned char secret[32], out[256];
  memset(secret, 0x42, sizeof secret);
  int sample = size < 10000 ? size : 10000, stride = size / sample > 1 ? size / sample : 1;
  double t = now();
  for (int i = 0; i < size; i++) failures += h_add(&st, i, secret, sizeof secret) != 0;
  rates[0] = size / (now() - t);
  t = now();
  for (int i = 0; i < sample; i++) failures += h_copy(&st, i * stride, out) != 0;
  rates[1] = sample / (now() - t);
  t = now();
  for (int i = 0; i < sample; i++) failures += h_miss(&st, i * stride, out) != 0;
  miss_rate = sample / (now() - t);
  if (!copy_only) {
    t = now();
    for (int i = 0; i < sample; i++) failures += h_update(&st, i * stride) != 0;
    rates[2] = sample / (now() - t);
    t = now();
    for (int i = 0; i < sample; i++) failures += h_delete(&st, i * stride) != 0;
    rates[3] = sample / (now() - t);
  }
  h_close(&st);
}


/* ---- --profile N SIZE: one loop per operation, as Profile.swift (see the header) ---------- */

__attribute__((noinline, noclone, used)) int profileAddLoop(HStore *st, int first, int count,
                                                            const unsigned char *secret) {
  int failed = 0;
  for (int i = first; i < first + count; i++) failed += h_add(st, i, secret, 32) != 0;
  return failed;
}

__attribute__((noinline, noclone, used)) int profileCopyLoop(HStore *st, const int *sample, int n) {
  unsigned char out[256];
  int failed = 0;
  for (int k = 0; k < n; k++) failed += h_copy(st, sample[k], out) != 0;
  return failed;
}

__attribute__((noinline, noclone, used)) int profileMissLoop(HStore *st, int first, int count) {
  unsigned char out[256];
  int failed = 0;
  for (int i = first; i < first + count; i++) failed += h_miss(st, i, out) != 0;
  return failed;
}

__attribute__((noinline, noclone, used)) int profileUpdateLoop(HStore *st, const int *sample, int n) {
  int failed = 0;
  for (int k = 0; k < n; k++) failed += h_update(st, sample[k]) != 0;
  return failed;
}

__attribute__((noinline, noclone, used)) int profileDeleteLoop(HStore *st, const int *sample, int n) {
  int failed = 0;
  for (int k = 0; k < n; k++) failed += h_delete(st, sample[k]) != 0;
  return failed;
}

/* --profile N SIZE, or with `timed` (--cpu-time N SIZE) each loop's thread CPU time printed as
 * `<loop> <ns per call>`. */
static int h_profile(int calls, int size, int timed) {
  HStore st; h_open(&st);
  unsigned char secret[32];
  memset(secret, 0x42, sizeof secret);
  int failed = 0;
  for (int i = 0; i < size; i++) failed += h_add(&st, i, secret, sizeof secret) != 0;
  int stride = size / calls > 1 ? size / calls : 1;
  int *sample = malloc(sizeof *sample * calls);
  for (int k = 0; k < calls; k++) sample[k] = (int)(((long)k * stride) % size);
  miss_prefix = "account-";
  use_cpu = 1;
  double t;
#define LOOP(name, call)                                                        \
  t = now();                                                                   \
  failed += call;                                                              \
  if (timed) printf("%s %.0f\n", name, (now() - t) * 1e9 / calls);
  /* One call of each operation before its loop, outside it, as Profile.swift makes them (the
   * simulator prepares its statements at first use): item `warm` is added, copied, updated and
   * deleted, `warm + 1` is looked for and missed; no loop uses either key. */
  int warm = size + 2 * calls;
  unsigned char out[256];
  failed += h_add(&st, warm, secret, sizeof secret) != 0;
  LOOP("profileAddLoop", profileAddLoop(&st, size, calls, secret));
  failed += h_copy(&st, warm, out) != 0;
  LOOP("profileCopyLoop", profileCopyLoop(&st, sample, calls));
  failed += h_miss(&st, warm + 1, out) != 0;
  LOOP("profileMissLoop", profileMissLoop(&st, size + calls, calls));
  failed += h_update(&st, warm) != 0;
  LOOP("profileUpdateLoop", profileUpdateLoop(&st, sample, calls));
  failed += h_delete(&st, warm) != 0;
  LOOP("profileDeleteLoop", profileDeleteLoop(&st, sample, calls));
#undef LOOP
  free(sample);
  h_close(&st);
  if (failed) printf("warning: %d call(s) failed\n", failed);
  return failed ? 1 : 0;
}

/* --memory SIZE: SIZE adds, then what SQLite holds and the process's peak (see the header). */
static int h_memory(int size) {
  HStore st; h_open(&st);
  unsigned char secret[32];
  memset(secret, 0x42, sizeof secret);
  int failed = 0;
  for (int i = 0; i < size; i++) failed += h_add(&st, i, secret, sizeof secret) != 0;
  sqlite3_int64 used, high;
  sqlite3_status64(SQLITE_STATUS_MEMORY_USED, &used, &high, 0);
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  printf("sqlite-heap %lld\nsqlite-high-water %lld\npeak-resident %lld\n", (long long)used,
         (long long)high, (long long)usage.ru_maxrss * 1024);
  h_close(&st);
  if (failed) printf("warning: %d call(s) failed\n", failed);
  return failed ? 1 : 0;
}

static void run(int size, double rates[4], int copy_only) {
  Store st; store_open(&st);
  unsigned char secret[32], out[256];
  memset(secret, 0x42, sizeof secret);
  int sample = size < 10000 ? size : 10000, stride = size / sample > 1 ? size / sample : 1;
  double t = now();
  for (int i = 0; i < size; i++) failures += add(&st, i, secret, sizeof secret) != 0;
  rates[0] = size / (now() - t);
  t = now();
  for (int i = 0; i < sample; i++) failures += copy(&st, i * stride, out) != 0;
  rates[1] = sample / (now() - t);
  if (!copy_only) {
    t = now();
    for (int i = 0; i < sample; i++) failures += update(&st, i * stride) != 0;
    rates[2] = sample / (now() - t);
    t = now();
    for (int i = 0; i < sample; i++) failures += delete(&st, i * stride) != 0;
    rates[3] = sample / (now() - t);
  }
  store_close(&st);
}

int main(int argc, char **argv) {
  int runs = 5, nsizes = 0, sizes[16], copy_only = 0, search = 0;
  int profile_calls = 0, profile_size = 0, print_schema = 0, timed = 0, memory_size = 0;
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--schema") && a + 1 < argc) { ++a; full = !strcmp(argv[a], "full"); hashed = !strcmp(argv[a], "hashed"); }
    else if (!strcmp(argv[a], "--update-mdat")) update_mdat = 1;
    else if (!strcmp(argv[a], "--print-schema")) { print_schema = 1; hashed = 1; full = 0; }
    else if (!strcmp(argv[a], "--memory") && a + 1 < argc) {
      memory_size = atoi(argv[++a]);
      if (memory_size < 1) { fprintf(stderr, "--memory SIZE: a positive number\n"); return 2; }
      hashed = 1; full = 0;
    }
    else if ((!strcmp(argv[a], "--profile") || !strcmp(argv[a], "--cpu-time")) && a + 2 < argc) {
      timed = !strcmp(argv[a], "--cpu-time");
      profile_calls = atoi(argv[++a]); profile_size = atoi(argv[++a]);
      if (profile_calls < 1 || profile_size < 1) { fprintf(stderr, "--profile|--cpu-time N SIZE: positive numbers\n"); return 2; }
      hashed = 1; full = 0;
    }
    else if (!strcmp(argv[a], "--runs") && a + 1 < argc) runs = atoi(argv[++a]);
    else if (!strcmp(argv[a], "--copy-only")) copy_only = 1;
    else if (!strcmp(argv[a], "--cpu")) use_cpu = 1;
    else if (!strcmp(argv[a], "--search")) search = full = 1;
    else if (!strcmp(argv[a], "--label-search")) search = 2;
    else if (nsizes < 16) sizes[nsizes++] = atoi(argv[a]);
  }
  if (!nsizes) { sizes[0] = 1000; sizes[1] = 100000; nsizes = 2; }
  if (sodium_init() < 0) return 1;
  randombytes_buf(class_key, sizeof class_key);
  randombytes_buf(key_id, sizeof key_id);
  randombytes_buf(search_key, sizeof search_key);
  h_init_defaults();
  if (print_schema) {
    HStore st; h_open(&st);
    sqlite3_stmt *q = prep(st.db, "SELECT sql FROM sqlite_master WHERE tbl_name = 'genp' AND sql IS NOT NULL ORDER BY type DESC, name");
    while (sqlite3_step(q) == SQLITE_ROW) printf("%s;\n", (const char *)sqlite3_column_text(q, 0));
    sqlite3_finalize(q);
    h_close(&st);
    return 0;
  }
  if (memory_size) return h_memory(memory_size);
  if (profile_calls) return h_profile(profile_calls, profile_size, timed);
  const char *names[4] = {"add", "copy by primary key", "update", "delete"};

  if (search == 2) { /* sealed-label search, min schema: last item's label = full scan */
    for (int z = 0; z < nsizes; z++) {
      Store st; store_open(&st);
      for (int i = 0; i < sizes[z]; i++) add_labelled(&st, i);
      sqlite3_stmt *scan = prep(st.db,
          "SELECT rowid, acct, labl FROM genp WHERE agrp = ? AND sync = ? ORDER BY rowid");
      char want[32]; snprintf(want, sizeof want, "label-%d", sizes[z] - 1);
      double v[64], c[64]; int found = 0;
      for (int r = 0; r < runs && r < 64; r++) {
        use_cpu = 0; double t = now(); use_cpu = 1; double tc = now();
        found = label_scan(scan, want);
        c[r] = (now() - tc) * 1e3; use_cpu = 0; v[r] = (now() - t) * 1e3;
      }
      printf("| labl = last item's label (baseline min, full scan + open each labl) | %d | found %d |"
             " median wall %.2f ms | median CPU %.2f ms |\n", sizes[z], found, median(v, runs),
             median(c, runs));
      sqlite3_finalize(scan);
      store_close(&st);
    }
    return 0;
  }
  if (search) { /* all items of one service among `size` (half in svce A, half in B) */
    for (int z = 0; z < nsizes; z++) {
      Store st; store_open(&st);
      unsigned char secret[32]; memset(secret, 0x42, 32);
      for (int i = 0; i < sizes[z]; i++) failures += add(&st, i, secret, 32) != 0;
      double v[64];
      int found = 0;
      for (int r = 0; r < runs && r < 64; r++) {
        double t = now();
        found = by_service(&st, SVCE);
        v[r] = (now() - t) * 1e3;
      }
      printf("| all items of one service (baseline full) | %d | %d found | median %.2f ms |\n",
             sizes[z], found, median(v, runs));
      store_close(&st);
    }
    return failures ? 1 : 0;
  }

  double warm[4];
  for (int w = 0; w < 2; w++) (hashed ? h_run : run)(500, warm, 0);
  printf("baseline (%s schema, %s time): calls/s, median of %d runs\n\n", hashed ? (update_mdat ? "hashed, update re-seals attrs" : "hashed") : full ? "full" : "min", use_cpu ? "thread CPU" : "wall", runs);
  printf("| operation | items | calls per run | median calls/s | slowest – fastest run |\n");
  printf("|---|---:|---:|---:|---:|\n");
  for (int z = 0; z < nsizes; z++) {
    double v[4][64], vm[64];
    for (int r = 0; r < runs && r < 64; r++) {
      double rates[4] = {0};
      (hashed ? h_run : run)(sizes[z], rates, copy_only);
      for (int o = 0; o < 4; o++) v[o][r] = rates[o];
      vm[r] = miss_rate;
    }
    int sample = sizes[z] < 10000 ? sizes[z] : 10000;
    for (int o = 0; o < (copy_only ? 2 : 4); o++) {
      double m = median(v[o], runs);
      printf("| %s | %d | %d | %.0f | %.0f – %.0f |\n", names[o], sizes[z], o ? sample : sizes[z],
             m, v[o][0], v[o][runs - 1]);
    }
    if (hashed) {
      double m = median(vm, runs);
      printf("| copy, not there (miss) | %d | %d | %.0f | %.0f – %.0f |\n", sizes[z], sample, m, vm[0], vm[runs - 1]);
    }
  }
  if (failures) { printf("\nwarning: %ld call(s) failed\n", failures); return 1; }
  return 0;
}
