import { runService } from '@olymp/server-kit';
import { shopService } from './app';

runService(shopService);
