/**
 * The matching engine's face: everything outside `functions/match` (the matching lane's use cases,
 * the exports, the job records, the bench) uses these names and never imports another file of the
 * engine (the import-layer test fails on one that does). `training/`, what learns and measures the
 * engine from labelled data, is a room of its own that the bench and tests import directly; the
 * engine never imports it, so neither does this face.
 */

// The engine's parts the bench measures apart: blocking, scoring, the pair scorer and the calibration
export { averageModels, type BoostedTrees, predictProbability, trainBoostedTrees } from './boosted-trees.ts';
export { calibrateConfidence, calibrationFeatures, type MatchSignals } from './calibrate-confidence.ts';
export type { ScoredPair } from './choose-matches.ts';
// Matching catalogs: a whole pair in one call, or cut in shards a lane's Map runs apart
export { countOverlap, type ProductLink, type WebsiteOverlap } from './count-overlap.ts';
export { describeEvidence } from './describe-evidence.ts';
export { describeProduct, type MatchableProduct, type ProductFeatures } from './describe-product.ts';
export { titleDescriber } from './describe-title.ts';
export { editDistance } from './edit-distance.ts';
export { findCandidates, rankCandidates } from './find-candidates.ts';
export { foldText } from './fold-text.ts';
export { indexCatalog } from './index-catalog.ts';
export {
  type CatalogInput,
  type MatchingState,
  type MatchReview,
  matchCatalogs,
  matchingDefaults,
  type ProductMatch,
  type ProductPair,
} from './match-catalogs.ts';
export {
  type CatalogChunk,
  chunksOfShard,
  DEFAULT_SHARD_SIZES,
  isSharded,
  type MergePlan,
  matchShard,
  mergeShardsByChunk,
  planShards,
  type ShardResult,
  type ShardSizes,
  shardsOf,
} from './match-in-shards.ts';
export { scorePair } from './match-website-pair.ts';
export { makerConflict, pairFeatureNames } from './pair-features.ts';
export { variantsDiffer, variantTerms } from './variant-terms.ts';
export { countTerms, weighCounts } from './weigh-terms.ts';
