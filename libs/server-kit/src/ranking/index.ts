/**
 * The in-memory board ranking (an order-statistic tree) that notifications' live boards and learning's own ranks
 * share. A subpath of its own (`@olymp/server-kit/ranking`), so services that hold no board do not load the tree.
 */
export { BoardRanking, type RankedStanding, type Standing } from './board-ranking';
