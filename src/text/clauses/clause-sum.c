/*
 * folio_clause_sum (built by scripts/build-native.mjs into build/native/folio_clause_sum.node): the
 * clause tagger's feature sum (clause-model.ts, compileWeights' addTo) as a Node-API addon. Tagging
 * every passage of every upload is the costliest step of ingestion, and in JavaScript it reads about
 * 10 MB of text a second on one core (bench:tagging): scanning words, looking each one up and adding
 * its weights. This does the same scan, lookups and sums over the text's UTF-16 code units.
 *
 * It knows words only as the JavaScript side registers them (word as written -> stem id): stemming
 * stays in JavaScript. A text with a word it does not know comes back with the unknown words; the
 * caller registers them and asks again. A text with a surrogate pair (a character outside the Basic
 * Multilingual Plane, whose word class the table below does not hold) or with a word longer than
 * MAX_WORD_UNITS comes back as `false`, and the caller sums it in JavaScript. The sums are those of
 * addTo to the last bit: the same features in the same order, the same IEEE double operations
 * (built with -ffp-contract=off, so no fused multiply-add), which clause-sum.test.ts checks over
 * real contracts.
 *
 * Written by hand because no maintained package does this: it is one loop over this model's tables.
 */
#include <math.h>
#include <stdbool.h>
#include <node_api.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CLASS_START 1
#define CLASS_PART 2
#define CLASS_SURROGATE 4
/* Longer words are left to JavaScript, which does not remember them either (clause-model.ts,
 * MAX_REMEMBERED_WORD): 50,000 remembered words of 8,000 characters (a question's limit) would be 800 MB. */
#define MAX_WORD_UNITS 64

typedef struct {
  int32_t known;             /* stem ids under this are the model's; ids from `known` on are stems it never saw */
  int32_t max_words;         /* the word table holds at most this many words (and as many unknown stems) */
  int32_t *unigram_slice;    /* [known] -> the stem's run of (category, weight) pairs, or -1 */
  /* The model's bigrams: (first, second) -> run, open addressing, linear probing; first == -1 is empty. */
  int32_t *bg_first, *bg_second, *bg_value;
  uint32_t bg_mask;
  int32_t *starts, *ends;    /* each run's [start, end) in category_of / weight_of */
  uint16_t *category_of;
  double *weight_of;
  int32_t categories;
  uint8_t class_of[65536];   /* each UTF-16 code unit's word class: CLASS_START, CLASS_PART, CLASS_SURROGATE */
  /* Words as written -> id: hashes and offsets into `arena`, where each word's code units are kept. */
  uint32_t wt_mask, wt_count;
  uint32_t *wt_hash, *wt_offset, *wt_length; /* length 0: an empty slot (a word is never empty) */
  int32_t *wt_value;
  uint16_t *arena;
  size_t arena_length, arena_capacity;
  /* One call's scratch: which ids it has counted (stamped with the call's number), the bigrams it has counted. */
  uint32_t *stamp;           /* [known + max_words] */
  uint32_t call;
  int32_t *seen_first, *seen_second;
  uint32_t *seen_stamp, seen_mask, seen_count, seen_generation;
  int32_t *ids, *hits;
  size_t ids_capacity, hits_capacity;
  uint16_t *text;
  size_t text_capacity;
  int32_t *misses;           /* the unknown words' (start, length) in `text`, in pairs */
  size_t miss_capacity;
} Model;

static uint32_t hash_units(const uint16_t *units, size_t length) {
  uint32_t h = 0x811c9dc5u;
  for (size_t i = 0; i < length; i++) h = (h ^ units[i]) * 0x01000193u;
  return h;
}

static uint32_t hash_pair(int32_t first, int32_t second) {
  uint32_t h = (uint32_t)first * 0x9e3779b1u ^ ((uint32_t)second + 0x7f4a7c15u) * 0x85ebca6bu;
  return h ^ (h >> 15);
}

static uint32_t capacity_for(size_t expected) {
  uint32_t capacity = 16;
  while (capacity < expected * 2) capacity *= 2;
  return capacity;
}

/* Grows *buffer to hold at least `needed` elements of `size` bytes; 0 when memory runs out. */
static int reserve(void **buffer, size_t *capacity, size_t needed, size_t size) {
  if (needed <= *capacity) return 1;
  size_t next = *capacity < 64 ? 64 : *capacity;
  while (next < needed) next *= 2;
  void *grown = realloc(*buffer, next * size);
  if (grown == NULL) return 0;
  *buffer = grown;
  *capacity = next;
  return 1;
}

static void free_model(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  Model *m = data;
  free(m->unigram_slice);
  free(m->bg_first);
  free(m->bg_second);
  free(m->bg_value);
  free(m->starts);
  free(m->ends);
  free(m->category_of);
  free(m->weight_of);
  free(m->wt_hash);
  free(m->wt_offset);
  free(m->wt_length);
  free(m->wt_value);
  free(m->arena);
  free(m->stamp);
  free(m->seen_first);
  free(m->seen_second);
  free(m->seen_stamp);
  free(m->ids);
  free(m->hits);
  free(m->text);
  free(m->misses);
  free(m);
}

/* Marks the externals create() makes, so that no other external is ever read as a Model. */
static const napi_type_tag MODEL_TAG = {0x8f1c2a4e6b3d5f70ULL, 0x19c7e2d4a6b8f031ULL};

static napi_value throw_error(napi_env env, const char *message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

/* A typed array argument's data and element count, checking its type. */
static int typed_array(napi_env env, napi_value value, napi_typedarray_type want, void **data, size_t *length) {
  napi_typedarray_type type;
  napi_value buffer;
  size_t offset;
  if (napi_get_typedarray_info(env, value, &type, length, data, &buffer, &offset) != napi_ok) return 0;
  return type == want;
}

static void *copy_of(const void *source, size_t bytes) {
  void *copy = malloc(bytes == 0 ? 1 : bytes);
  if (copy != NULL) memcpy(copy, source, bytes);
  return copy;
}

/*
 * create(known, maxWords, unigramSlice: Int32Array, bigramFirst, bigramSecond, bigramSlice: Int32Array,
 *        starts, ends: Int32Array, categoryOf: Uint16Array, weightOf: Float64Array, categories,
 *        classes: Uint8Array(65536)) -> the model, as an external value.
 */
static napi_value create(napi_env env, napi_callback_info info) {
  size_t argc = 12;
  napi_value argv[12];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc != 12) return throw_error(env, "create takes 12 arguments");
  Model *m = calloc(1, sizeof(Model));
  if (m == NULL) return throw_error(env, "out of memory");
  void *data;
  size_t length, first_length, second_length, value_length, starts_length, ends_length, pairs, weights;
  int ok = napi_get_value_int32(env, argv[0], &m->known) == napi_ok && napi_get_value_int32(env, argv[1], &m->max_words) == napi_ok &&
           napi_get_value_int32(env, argv[10], &m->categories) == napi_ok && m->known >= 0 && m->max_words > 0;
  ok = ok && typed_array(env, argv[2], napi_int32_array, &data, &length) && length == (size_t)m->known;
  if (ok) m->unigram_slice = copy_of(data, length * sizeof(int32_t));
  int32_t *firsts = NULL, *seconds = NULL, *values = NULL;
  ok = ok && typed_array(env, argv[3], napi_int32_array, (void **)&firsts, &first_length) &&
       typed_array(env, argv[4], napi_int32_array, (void **)&seconds, &second_length) &&
       typed_array(env, argv[5], napi_int32_array, (void **)&values, &value_length) && first_length == second_length && first_length == value_length;
  ok = ok && typed_array(env, argv[6], napi_int32_array, &data, &starts_length);
  if (ok) m->starts = copy_of(data, starts_length * sizeof(int32_t));
  ok = ok && typed_array(env, argv[7], napi_int32_array, &data, &ends_length) && ends_length == starts_length;
  if (ok) m->ends = copy_of(data, ends_length * sizeof(int32_t));
  ok = ok && typed_array(env, argv[8], napi_uint16_array, &data, &pairs);
  if (ok) m->category_of = copy_of(data, pairs * sizeof(uint16_t));
  ok = ok && typed_array(env, argv[9], napi_float64_array, &data, &weights) && weights == pairs;
  if (ok) m->weight_of = copy_of(data, weights * sizeof(double));
  ok = ok && typed_array(env, argv[11], napi_uint8_array, &data, &length) && length == 65536;
  if (ok) memcpy(m->class_of, data, 65536);
  if (ok) {
    /* Every run must lie inside the pairs, and every pair's category inside the sums. */
    for (size_t i = 0; ok && i < starts_length; i++) ok = m->starts[i] >= 0 && m->starts[i] <= m->ends[i] && (size_t)m->ends[i] <= pairs;
    for (size_t i = 0; ok && i < pairs; i++) ok = m->category_of[i] < m->categories;
    for (int32_t i = 0; ok && i < m->known; i++) ok = m->unigram_slice[i] < (int32_t)starts_length;
    for (size_t i = 0; ok && i < first_length; i++) ok = values[i] >= 0 && values[i] < (int32_t)starts_length && firsts[i] >= 0;
  }
  if (ok) {
    uint32_t capacity = capacity_for(first_length);
    m->bg_mask = capacity - 1;
    m->bg_first = malloc(capacity * sizeof(int32_t));
    m->bg_second = malloc(capacity * sizeof(int32_t));
    m->bg_value = malloc(capacity * sizeof(int32_t));
    ok = m->bg_first && m->bg_second && m->bg_value;
    if (ok) {
      for (uint32_t i = 0; i < capacity; i++) m->bg_first[i] = -1;
      for (size_t i = 0; i < first_length; i++) {
        uint32_t slot = hash_pair(firsts[i], seconds[i]) & m->bg_mask;
        while (m->bg_first[slot] != -1) slot = (slot + 1) & m->bg_mask;
        m->bg_first[slot] = firsts[i];
        m->bg_second[slot] = seconds[i];
        m->bg_value[slot] = values[i];
      }
    }
  }
  if (ok) {
    uint32_t capacity = capacity_for((size_t)m->max_words);
    m->wt_mask = capacity - 1;
    m->wt_hash = calloc(capacity, sizeof(uint32_t));
    m->wt_offset = calloc(capacity, sizeof(uint32_t));
    m->wt_length = calloc(capacity, sizeof(uint32_t));
    m->wt_value = calloc(capacity, sizeof(int32_t));
    m->stamp = calloc((size_t)m->known + (size_t)m->max_words, sizeof(uint32_t));
    uint32_t seen = 1024;
    m->seen_mask = seen - 1;
    m->seen_first = malloc(seen * sizeof(int32_t));
    m->seen_second = malloc(seen * sizeof(int32_t));
    m->seen_stamp = calloc(seen, sizeof(uint32_t));
    m->seen_generation = 1;
    ok = m->wt_hash && m->wt_offset && m->wt_length && m->wt_value && m->stamp && m->seen_first && m->seen_second && m->seen_stamp;
  }
  if (!ok || !m->unigram_slice || !m->starts || !m->ends || !m->category_of || !m->weight_of) {
    free_model(env, m, NULL);
    return throw_error(env, "create: arguments do not describe a model");
  }
  napi_value external;
  if (napi_create_external(env, m, free_model, NULL, &external) != napi_ok || napi_type_tag_object(env, external, &MODEL_TAG) != napi_ok) {
    free_model(env, m, NULL);
    return throw_error(env, "create: could not wrap the model");
  }
  return external;
}

/* Reads a call's `want` arguments into argv; the model its first one holds, or NULL. */
static Model *model_call(napi_env env, napi_callback_info info, size_t want, napi_value *argv) {
  size_t argc = want;
  void *data = NULL;
  bool tagged = false;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc != want) return NULL;
  if (napi_check_object_type_tag(env, argv[0], &MODEL_TAG, &tagged) != napi_ok || !tagged) return NULL;
  if (napi_get_value_external(env, argv[0], &data) != napi_ok) return NULL;
  return data;
}

/* Reads a JS string's UTF-16 code units into m->text; its length in *length. */
static int read_text(napi_env env, Model *m, napi_value value, size_t *length) {
  size_t units;
  if (napi_get_value_string_utf16(env, value, NULL, 0, &units) != napi_ok) return 0;
  /* napi writes a terminating 0, so one unit more. */
  if (!reserve((void **)&m->text, &m->text_capacity, units + 1, sizeof(uint16_t))) return 0;
  if (napi_get_value_string_utf16(env, value, (char16_t *)m->text, units + 1, length) != napi_ok) return 0;
  return 1;
}

/* The id registered for text[start, start + length), or -1. */
static int32_t word_id(const Model *m, const uint16_t *units, size_t length) {
  uint32_t h = hash_units(units, length);
  for (uint32_t slot = h & m->wt_mask;; slot = (slot + 1) & m->wt_mask) {
    uint32_t stored = m->wt_length[slot];
    if (stored == 0) return -1;
    if (m->wt_hash[slot] == h && stored == length && memcmp(m->arena + m->wt_offset[slot], units, length * sizeof(uint16_t)) == 0) return m->wt_value[slot];
  }
}

/*
 * addWord(model, word, id): registers a word as written with its stem's id; false when the table is
 * full or has it, or the word is longer than MAX_WORD_UNITS (never remembered: the table's bound).
 */
static napi_value add_word(napi_env env, napi_callback_info info) {
  napi_value argv[3], result;
  Model *m = model_call(env, info, 3, argv);
  int32_t id;
  size_t length;
  if (m == NULL || napi_get_value_int32(env, argv[2], &id) != napi_ok || id < 0 || (int64_t)id >= (int64_t)m->known + m->max_words) {
    return throw_error(env, "addWord(model, word, id): bad arguments");
  }
  if (!read_text(env, m, argv[1], &length) || length == 0) return throw_error(env, "addWord: not a word");
  int added = 0;
  if (length <= MAX_WORD_UNITS && word_id(m, m->text, length) < 0 && m->wt_count < (uint32_t)m->max_words &&
      reserve((void **)&m->arena, &m->arena_capacity, m->arena_length + length, sizeof(uint16_t))) {
    uint32_t h = hash_units(m->text, length);
    uint32_t slot = h & m->wt_mask;
    while (m->wt_length[slot] != 0) slot = (slot + 1) & m->wt_mask;
    memcpy(m->arena + m->arena_length, m->text, length * sizeof(uint16_t));
    m->wt_hash[slot] = h;
    m->wt_offset[slot] = (uint32_t)m->arena_length;
    m->wt_length[slot] = (uint32_t)length;
    m->wt_value[slot] = id;
    m->arena_length += length;
    m->wt_count += 1;
    added = 1;
  }
  napi_get_boolean(env, added, &result);
  return result;
}

/* clearWords(model): forgets every registered word (the caller's bound against junk text). */
static napi_value clear_words(napi_env env, napi_callback_info info) {
  napi_value argv[1], result;
  Model *m = model_call(env, info, 1, argv);
  if (m == NULL) return throw_error(env, "clearWords(model): bad arguments");
  memset(m->wt_length, 0, (m->wt_mask + 1) * sizeof(uint32_t));
  m->wt_count = 0;
  m->arena_length = 0;
  napi_get_undefined(env, &result);
  return result;
}

/* Adds (first, second) to the call's bigrams; 1 when it was not there. */
static int see_bigram(Model *m, int32_t first, int32_t second) {
  if ((m->seen_count + 1) * 2 > m->seen_mask + 1) {
    uint32_t old_capacity = m->seen_mask + 1, capacity = old_capacity * 2;
    int32_t *firsts = malloc(capacity * sizeof(int32_t)), *seconds = malloc(capacity * sizeof(int32_t));
    uint32_t *stamps = calloc(capacity, sizeof(uint32_t));
    if (!firsts || !seconds || !stamps) {
      free(firsts);
      free(seconds);
      free(stamps);
      return -1;
    }
    uint32_t mask = capacity - 1;
    for (uint32_t i = 0; i < old_capacity; i++) {
      if (m->seen_stamp[i] != m->seen_generation) continue;
      uint32_t slot = hash_pair(m->seen_first[i], m->seen_second[i]) & mask;
      while (stamps[slot] == 1) slot = (slot + 1) & mask;
      stamps[slot] = 1;
      firsts[slot] = m->seen_first[i];
      seconds[slot] = m->seen_second[i];
    }
    free(m->seen_first);
    free(m->seen_second);
    free(m->seen_stamp);
    m->seen_first = firsts;
    m->seen_second = seconds;
    m->seen_stamp = stamps;
    m->seen_mask = mask;
    m->seen_generation = 1;
  }
  for (uint32_t slot = hash_pair(first, second) & m->seen_mask;; slot = (slot + 1) & m->seen_mask) {
    if (m->seen_stamp[slot] != m->seen_generation) {
      m->seen_stamp[slot] = m->seen_generation;
      m->seen_first[slot] = first;
      m->seen_second[slot] = second;
      m->seen_count += 1;
      return 1;
    }
    if (m->seen_first[slot] == first && m->seen_second[slot] == second) return 0;
  }
}

static int32_t model_bigram(const Model *m, int32_t first, int32_t second) {
  for (uint32_t slot = hash_pair(first, second) & m->bg_mask;; slot = (slot + 1) & m->bg_mask) {
    if (m->bg_first[slot] == -1) return -1;
    if (m->bg_first[slot] == first && m->bg_second[slot] == second) return m->bg_value[slot];
  }
}

static napi_value unknown_words(napi_env env, Model *m, size_t misses) {
  napi_value array, word;
  napi_create_array_with_length(env, misses, &array);
  for (size_t i = 0; i < misses; i++) {
    napi_create_string_utf16(env, (const char16_t *)(m->text + m->misses[2 * i]), (size_t)m->misses[2 * i + 1], &word);
    napi_set_element(env, array, (uint32_t)i, word);
  }
  return array;
}

/*
 * addTo(model, text, sums: Float64Array): adds the text's weighted features to `sums` and returns
 * undefined; or, leaving `sums` alone, returns the words it does not know (an array of strings,
 * repeats possible), or false when the text holds a surrogate pair or a word it does not remember.
 */
static napi_value add_to(napi_env env, napi_callback_info info) {
  napi_value argv[3], result;
  Model *m = model_call(env, info, 3, argv);
  double *sums;
  size_t sums_length, length;
  if (m == NULL || !typed_array(env, argv[2], napi_float64_array, (void **)&sums, &sums_length) || sums_length != (size_t)m->categories) {
    return throw_error(env, "addTo(model, text, sums): bad arguments");
  }
  if (!read_text(env, m, argv[1], &length)) return throw_error(env, "addTo: text is not a string");
  const uint16_t *text = m->text;
  size_t count = 0, misses = 0;
  /* The words, as scanWordSpans finds them: a START character, then START or PART characters. */
  for (size_t i = 0; i < length;) {
    uint8_t cls = m->class_of[text[i]];
    if (cls & CLASS_SURROGATE) {
      napi_get_boolean(env, 0, &result);
      return result;
    }
    if (!(cls & CLASS_START)) {
      i += 1;
      continue;
    }
    size_t start = i++;
    while (i < length && (m->class_of[text[i]] & (CLASS_START | CLASS_PART)) && !(m->class_of[text[i]] & CLASS_SURROGATE)) i += 1;
    if (i - start > MAX_WORD_UNITS) {
      napi_get_boolean(env, 0, &result);
      return result;
    }
    if (!reserve((void **)&m->ids, &m->ids_capacity, count + 1, sizeof(int32_t))) return throw_error(env, "out of memory");
    int32_t id = word_id(m, text + start, i - start);
    if (id < 0) {
      if (!reserve((void **)&m->misses, &m->miss_capacity, 2 * misses + 2, sizeof(int32_t))) return throw_error(env, "out of memory");
      m->misses[2 * misses] = (int32_t)start;
      m->misses[2 * misses + 1] = (int32_t)(i - start);
      misses += 1;
    }
    m->ids[count++] = id;
  }
  if (misses > 0) return unknown_words(env, m, misses);

  /* addTo's loop, feature for feature: each stem the first time, then its bigram with the next word the first time. */
  m->call += 1;
  if (m->call == 0xffffffffu) {
    memset(m->stamp, 0, ((size_t)m->known + (size_t)m->max_words) * sizeof(uint32_t));
    m->call = 1;
  }
  m->seen_count = 0;
  m->seen_generation += 1;
  if (m->seen_generation == 0xffffffffu) {
    memset(m->seen_stamp, 0, (m->seen_mask + 1) * sizeof(uint32_t));
    m->seen_generation = 1;
  }
  size_t hits = 0;
  double distinct = 0;
  /* Unknown stems count as distinct unigrams, once each; addTo counts them as it meets them, before its loop. */
  for (size_t i = 0; i < count; i++) {
    int32_t id = m->ids[i];
    if (id >= m->known && m->stamp[id] != m->call) {
      m->stamp[id] = m->call;
      distinct += 1;
    }
  }
  for (size_t i = 0; i < count; i++) {
    int32_t id = m->ids[i];
    if (!reserve((void **)&m->hits, &m->hits_capacity, hits + 2, sizeof(int32_t))) return throw_error(env, "out of memory");
    if (id < m->known && m->stamp[id] != m->call) {
      m->stamp[id] = m->call;
      distinct += 1;
      int32_t slice = m->unigram_slice[id];
      if (slice >= 0) m->hits[hits++] = slice;
    }
    if (i + 1 == count) break;
    int32_t next = m->ids[i + 1];
    int added = see_bigram(m, id, next);
    if (added < 0) return throw_error(env, "out of memory");
    if (!added) continue;
    distinct += 1;
    if (id < m->known && next < m->known) {
      int32_t slice = model_bigram(m, id, next);
      if (slice >= 0) m->hits[hits++] = slice;
    }
  }
  double scale = 1 / sqrt(distinct < 1 ? 1 : distinct);
  for (size_t h = 0; h < hits; h++) {
    int32_t slice = m->hits[h];
    for (int32_t i = m->starts[slice], end = m->ends[slice]; i < end; i++) {
      uint16_t c = m->category_of[i];
      sums[c] = sums[c] + m->weight_of[i] * scale;
    }
  }
  napi_get_undefined(env, &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_property_descriptor properties[] = {
      {"create", NULL, create, NULL, NULL, NULL, napi_enumerable, NULL},
      {"addWord", NULL, add_word, NULL, NULL, NULL, napi_enumerable, NULL},
      {"clearWords", NULL, clear_words, NULL, NULL, NULL, napi_enumerable, NULL},
      {"addTo", NULL, add_to, NULL, NULL, NULL, napi_enumerable, NULL},
  };
  napi_define_properties(env, exports, sizeof(properties) / sizeof(properties[0]), properties);
  return exports;
}
