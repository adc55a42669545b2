import { runFlashSale, type FlashSale, type FlashSaleResult } from '../apps/server/test/load/flash-sale';

/** One browser thread's part of the flash sale (bench/browsers.ts): its buyers, its share of the concurrency. */
export interface FlashJob {
  sale: FlashSale;
  baseUrls: string[];
  databaseUrl: string;
  concurrency: number;
}

export function browse(job: FlashJob): Promise<FlashSaleResult> {
  return runFlashSale(job.sale, { baseUrls: job.baseUrls, databaseUrl: job.databaseUrl, concurrency: job.concurrency });
}
