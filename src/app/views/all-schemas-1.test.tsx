// Every registered schema's create form, list and show page, part 1 of 2 (all-schemas-smoke.tsx).
import { smokeTestSchemas } from '../../../tests/app/all-schemas-smoke';

smokeTestSchemas(0, 2);
