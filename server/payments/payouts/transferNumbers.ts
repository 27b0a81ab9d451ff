/**
 * A withdrawal's transfer numbers at WeChat Pay (docs/decisions/050): fixed by its id and creation
 * time, stored with it, and sent unchanged every time, so a retry is the same transfer and never
 * a second payment. The creation time keeps two databases on one merchant (a staging copy) from
 * reusing each other's numbers. Letters and digits only, at most 32 characters, as WeChat Pay takes them.
 */
export function transferNumbers(withdrawalId: number, createdAt: number): { outBatchNo: string; outDetailNo: string } {
  if (!Number.isSafeInteger(withdrawalId) || withdrawalId <= 0) throw new Error(`not a withdrawal id: ${withdrawalId}`);
  const outBatchNo = `ZW${withdrawalId}T${Math.max(0, Math.floor(createdAt)).toString(36)}`;
  return { outBatchNo, outDetailNo: `${outBatchNo}D1` };
}
