;; The one loop dense retrieval spends its time in (denseIndex.ts): the integer dot product of a
;; query with every row of a matrix of int8 rows, four lanes at a time (WebAssembly SIMD). The
;; compiled bytes live in dotsWasm.ts: after editing this file run `npm run build:wasm`
;; (test/unit/memory-dense.test.ts fails while the two differ).
;; Overflow: a caller keeps sum |row[d]| * |q[d]| within i32 (denseIndex.ts bounds the query).
(module
  (memory (export "memory") 1)
  ;; out[i] = sum over d of rows[i][d] * q[d], rows int8 (stride bytes each, a multiple of 16), q int16.
  (func (export "dots") (param $rows i32) (param $q i32) (param $out i32) (param $n i32) (param $stride i32)
    (local $end i32) (local $p i32) (local $qp i32) (local $rowEnd i32) (local $acc v128) (local $v v128)
    (local.set $end (i32.add (local.get $rows) (i32.mul (local.get $n) (local.get $stride))))
    (local.set $p (local.get $rows))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $rowEnd (i32.add (local.get $p) (local.get $stride)))
        (local.set $qp (local.get $q))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (loop $col
          (local.set $v (v128.load (local.get $p)))
          (local.set $acc (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (local.get $qp)))))
          (local.set $acc (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (local.get $qp)))))
          (local.set $p (i32.add (local.get $p) (i32.const 16)))
          (local.set $qp (i32.add (local.get $qp) (i32.const 32)))
          (br_if $col (i32.lt_u (local.get $p) (local.get $rowEnd))))
        (i32.store (local.get $out)
          (i32.add (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
                   (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $row))))
)
