#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
static long leaf(long x){ return x % 7; }
static long mid(long x){ long s = 0; for (int i = 0; i < 4; i++) s += leaf(x + i); return s; }
static void *worker(void *a){ long n = (long) a; long s = 0; for (long i = 0; i < n; i++) s += mid(i); return (void *) s; }
int main(int argc, char **argv){
    long per = argc > 1 ? atol(argv[1]) : 100000;
    pthread_t t[4];
    for (long i = 0; i < 4; i++) pthread_create(&t[i], 0, worker, (void *) per);
    for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
    printf("done\n");
    return 0;
}
