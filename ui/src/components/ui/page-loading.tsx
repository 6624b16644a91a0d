import { Spin } from './spin';

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spin />
    </div>
  );
}
