-- Room on each page of messages for a row's newer versions: a thread root's summary (its reply
-- count, latest reply and repliers) is updated on every reply, and an update that fits on its page
-- is a heap-only tuple, which leaves the indexes alone (among them the trigram index of the body,
-- costly to write). New pages are filled to 85 %.
ALTER TABLE "messages" SET (fillfactor = 85);
