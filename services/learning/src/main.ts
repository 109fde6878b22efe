import { runService } from '@olymp/server-kit';
import { learningService } from './app';

runService(learningService);
