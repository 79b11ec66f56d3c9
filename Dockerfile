# Folio server image: the compiled server and app, with the OCR and PDF tools text extraction uses.
# Not built on the development machine (it runs no Docker daemon); the same topology is tested with
# plain processes in test/http/deployment-topology.test.ts. See README, "Scale-out".
FROM node:20-bookworm-slim

# tesseract and poppler for scanned PDFs, qpdf for damaged ones; python3/make/g++ build
# better-sqlite3 when no prebuilt binary matches, the folio_bm25 ranking function and the
# folio_clause_sum tagging addon (scripts/build-native.mjs; the node image ships Node's headers).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-eng poppler-utils qpdf python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /opt/folio
COPY . .
# `npm ci` compiles the server, builds the app and the native libraries (the prepare script); the dev packages it needs
# for that are dropped afterwards.
RUN npm ci && npm prune --omit=dev && npm cache clean --force

RUN mkdir -p /var/lib/folio && chown node:node /var/lib/folio
ENV NODE_ENV=production FOLIO_HOST=0.0.0.0 FOLIO_PORT=8080 FOLIO_DATA_DIR=/var/lib/folio
VOLUME /var/lib/folio
EXPOSE 8080
USER node
# The entry point itself, so its shebang sets the V8 flag it carries (bin/folio.js).
CMD ["./bin/folio.js", "serve"]
