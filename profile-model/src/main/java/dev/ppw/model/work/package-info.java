/**
 * Where the parallel steps of one analysis run and how it is stopped: {@link dev.ppw.model.work.Workers} (a caller's
 * executor, a bound on how many tasks of the analysis run at once, tasks that a waiting thread runs itself) and
 * {@link dev.ppw.model.work.Cancel} (a flag any thread may raise; long loops check it). Readers, the folder and the
 * engine take both from their caller and own no thread of their own.
 */
package dev.ppw.model.work;
