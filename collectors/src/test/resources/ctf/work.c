#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
static long leaf(long x){ long s=0; for(long i=0;i<x;i++) s+=i%7; return s; }
static long mid(long x){ char *p=malloc(64+x%100); long r=leaf(x)+leaf(x/2); free(p); return r; }
static void *worker(void *a){ long s=0; for(int i=0;i<50;i++) s+=mid(1000+i); return (void*)s; }
int main(void){ pthread_t t; pthread_create(&t,0,worker,0); long s=0; for(int i=0;i<30;i++) s+=mid(2000+i); pthread_join(t,0); printf("%ld\n",s); return 0; }
